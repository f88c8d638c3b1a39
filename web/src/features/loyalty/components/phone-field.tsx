// A phone number as docs/loyalty.md#form-validation reads it: a country and a number, both
// required.

import { useId } from 'react';
import { useTranslate } from '@/state/i18n';
import { CALLING_CODES, sanitiseInput, type PhoneNumber } from '../utils/input-rules';
import styles from './member-form.module.css';

export function PhoneField({ value, onChange, error }: { value: PhoneNumber; onChange: (phone: PhoneNumber) => void; error?: string }) {
  const t = useTranslate();
  const id = useId();
  return (
    <fieldset className={styles.field}>
      <legend>{t('loyalty.field.phone')}</legend>
      <div className={styles.inputRow}>
        <select
          aria-label={t('loyalty.field.phoneCountry')}
          value={value.country}
          onChange={(event) => onChange({ ...value, country: event.target.value })}
        >
          {Object.entries(CALLING_CODES).map(([country, code]) => (
            <option key={country} value={country}>{`${country} +${code}`}</option>
          ))}
        </select>
        <input
          id={id}
          type="tel"
          autoComplete="tel-national"
          aria-label={t('loyalty.field.phoneNumber')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          value={value.number}
          onChange={(event) => onChange({ ...value, number: sanitiseInput('tel', event.target.value) })}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
