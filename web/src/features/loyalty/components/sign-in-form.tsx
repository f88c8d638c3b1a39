// The member sign-in form: username (the e-mail address) and password, the provider's
// error shown from the error catalogue (docs/loyalty.md#error-codes).

import { useState, type SubmitEvent } from 'react';
import { useTranslate } from '@/state/i18n';
import { useLoyaltySession } from '../hooks/loyalty-session';
import { useErrorText } from '../hooks/use-error-text';
import type { LoyaltyMember } from '../types';
import { MemberField } from './member-field';
import styles from './member-form.module.css';

type SignInFormProps = {
  onSignedIn: (member: LoyaltyMember) => void;
  /** The invisible captcha's token for this attempt, when the site uses one. */
  captchaToken?: () => Promise<string | undefined>;
};

export function SignInForm({ onSignedIn, captchaToken }: SignInFormProps) {
  const t = useTranslate();
  const errorText = useErrorText();
  const { login } = useLoyaltySession();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  async function submit(event: SubmitEvent) {
    event.preventDefault();
    setPending(true);
    setError(undefined);
    try {
      // A refusal rejects with the provider's reply (LoyaltyReplyError); a call that got no
      // answer resolves with no member.
      const member = await login({ username, password, captchaToken: await captchaToken?.() });
      if (member) onSignedIn(member);
      else setError(t('loyalty.signIn.failed'));
    } catch (failure) {
      setError(errorText(failure, 'loyalty.signIn.failed'));
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      <MemberField
        label={t('loyalty.field.email')}
        type="email"
        autoComplete="username"
        required
        value={username}
        onValueChange={setUsername}
      />
      <MemberField
        label={t('loyalty.field.password')}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={setPassword}
      />
      {error ? (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={pending || !username || !password}>
        {t(pending ? 'loyalty.signIn.pending' : 'loyalty.signIn.submit')}
      </button>
    </form>
  );
}
