// One member-form input with the rules of docs/loyalty.md#form-validation: text inputs
// strip < > ' " & as the member types; password inputs are never altered and have a
// show/hide toggle.

import { useId, useState, type InputHTMLAttributes } from 'react';
import { useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import { sanitiseInput } from '../utils/input-rules';
import styles from './member-form.module.css';

type MemberFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** An error shown under the input and announced with it. */
  error?: string;
};

export function MemberField({ label, value, onValueChange, error, type = 'text', ...input }: MemberFieldProps) {
  const t = useTranslate();
  const id = useId();
  const [revealed, setRevealed] = useState(false);
  // On a published page (the sign-in page) the form is in the HTML before its code runs:
  // what someone typed before hydration would be lost, so it takes typing once hydrated.
  const hydrated = useHydrated();
  const isPassword = type === 'password';
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <div className={styles.inputRow}>
        <input
          {...input}
          readOnly={input.readOnly || !hydrated}
          id={id}
          type={isPassword && revealed ? 'text' : type}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onValueChange(sanitiseInput(type, event.target.value))}
        />
        {isPassword ? (
          <button
            type="button"
            className={styles.reveal}
            aria-pressed={revealed}
            aria-controls={id}
            onClick={() => setRevealed((shown) => !shown)}
          >
            {t(revealed ? 'loyalty.password.hide' : 'loyalty.password.show')}
          </button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
