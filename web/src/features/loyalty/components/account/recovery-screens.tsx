// Forgotten password and username reminder: each e-mails the member
// (docs/loyalty.md#password-reset). The reset link points at the reset-password screen of
// this site.

import { useState } from 'react';
import { useTranslate } from '@/state/i18n';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { sendPasswordReset } from '../../api/send-password-reset';
import { sendUsernameReminder } from '../../api/send-username-reminder';
import { useErrorText } from '../../hooks/use-error-text';
import { useGuardedSubmit } from '../../hooks/use-guarded-submit';
import { MemberField } from '../member-field';
import formStyles from '../member-form.module.css';
import styles from './account.module.css';

function EmailRequest({ kind }: { kind: 'password' | 'username' }) {
  const t = useTranslate();
  const errorText = useErrorText();
  const api = useLoyaltyApi();
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ ok: boolean; text: string }>();
  const { pending, onSubmit } = useGuardedSubmit(send);
  async function send() {
    setState(undefined);
    try {
      await (kind === 'password' ? sendPasswordReset(api, email) : sendUsernameReminder(api, email));
      setState({ ok: true, text: t(`loyalty.${kind === 'password' ? 'forgotPassword' : 'forgotUsername'}.sent`) });
    } catch (failure) {
      setState({ ok: false, text: errorText(failure) });
    }
  }
  const prefix = kind === 'password' ? 'loyalty.forgotPassword' : 'loyalty.forgotUsername';
  return (
    <section className={styles.panel} aria-labelledby="recovery-title">
      <h2 id="recovery-title">{t(`${prefix}.title`)}</h2>
      <p>{t(`${prefix}.text`)}</p>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <MemberField label={t('loyalty.field.email')} type="email" autoComplete="email" required value={email} onValueChange={setEmail} />
        {state ? (
          <p role={state.ok ? 'status' : 'alert'} className={styles.notice}>
            {state.text}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={!email} aria-disabled={pending || undefined}>
          {t(`${prefix}.submit`)}
        </button>
      </form>
    </section>
  );
}

export function ForgotPasswordScreen() {
  return <EmailRequest kind="password" />;
}

export function ForgotUsernameScreen() {
  return <EmailRequest kind="username" />;
}
