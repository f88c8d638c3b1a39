// Profile edit: name, phone (with its country), zip code and the newsletter choice.

import { useState } from 'react';
import { useTranslate } from '@/state/i18n';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { updateProfile } from '../../api/update-profile';
import { useErrorText } from '../../hooks/use-error-text';
import { useGuardedSubmit } from '../../hooks/use-guarded-submit';
import { internationalPhoneNumber, isValidPhoneNumber, type PhoneNumber } from '../../utils/input-rules';
import { MemberField } from '../member-field';
import { PhoneField } from '../phone-field';
import formStyles from '../member-form.module.css';
import styles from './account.module.css';

/** A stored +E.164 number back as the country picker's choice: +1 is the US. */
function phoneOf(mobile: string | undefined): PhoneNumber {
  const digits = (mobile ?? '').replace(/^\+1/, '');
  return { country: 'US', number: digits.replace(/^\+/, '') };
}

export function ProfileScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const api = useLoyaltyApi();
  const { member, refresh } = api;
  const [firstName, setFirstName] = useState(member?.firstName ?? '');
  const [lastName, setLastName] = useState(member?.lastName ?? '');
  const [zipCode, setZipCode] = useState(member?.zipCode ?? '');
  const [phone, setPhone] = useState(phoneOf(member?.mobileNumber));
  const [newsletter, setNewsletter] = useState(Boolean(member?.sendNewsletter));
  const [message, setMessage] = useState<{ ok: boolean; text: string }>();
  const phoneError = isValidPhoneNumber(phone) ? undefined : t('loyalty.validation.phone');

  const { pending, onSubmit } = useGuardedSubmit(save);
  async function save() {
    if (phoneError) return;
    setMessage(undefined);
    try {
      await updateProfile(api, {
        firstName,
        lastName,
        zipCode,
        mobileNumber: internationalPhoneNumber(phone),
        sendNewsletter: newsletter,
      });
      await refresh();
      setMessage({ ok: true, text: t('loyalty.profile.saved') });
    } catch (failure) {
      setMessage({ ok: false, text: errorText(failure) });
    }
  }

  return (
    <section className={styles.panel} aria-labelledby="profile-title">
      <h2 id="profile-title">{t('loyalty.profile.title')}</h2>
      <p className={styles.muted}>{member?.email}</p>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <MemberField label={t('loyalty.field.firstName')} autoComplete="given-name" value={firstName} onValueChange={setFirstName} />
        <MemberField label={t('loyalty.field.lastName')} autoComplete="family-name" value={lastName} onValueChange={setLastName} />
        <PhoneField value={phone} onChange={setPhone} error={phoneError} />
        <MemberField label={t('loyalty.field.zipCode')} autoComplete="postal-code" value={zipCode} onValueChange={setZipCode} />
        <label className={formStyles.check}>
          <input type="checkbox" checked={newsletter} onChange={(event) => setNewsletter(event.target.checked)} />
          {t('loyalty.field.newsletter')}
        </label>
        {message ? (
          <p role={message.ok ? 'status' : 'alert'} className={styles.notice}>
            {message.text}
          </p>
        ) : null}
        <button type="submit" className="button" aria-disabled={pending || undefined}>
          {t('loyalty.profile.save')}
        </button>
      </form>
    </section>
  );
}
