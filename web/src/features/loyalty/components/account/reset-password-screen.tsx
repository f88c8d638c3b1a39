// The page the reset e-mail links to: a new password for the code its address carried,
// taken out of the address as the page started (lib/address-secrets.ts). Version 1
// validates the code first (docs/loyalty.md#password-reset).

import { useState } from 'react';
import { Link } from '@/components/link';
import { useTranslate } from '@/state/i18n';
import { useAppData } from '@/api/get-app-data';
import { addressSecrets } from '@/lib/address-secrets';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { resetPassword } from '../../api/reset-password';
import { useErrorText } from '../../hooks/use-error-text';
import { useGuardedSubmit } from '../../hooks/use-guarded-submit';
import { meetsPasswordComplexity } from '../../utils/input-rules';
import { resetRequest } from '../../utils/reset-link';
import { MemberField } from '../member-field';
import { PasswordRules } from '../password-rules';
import formStyles from '../member-form.module.css';
import styles from './account.module.css';
import { loginPagePath } from '../../utils/login-page';

export function ResetPasswordScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const { data: appData } = useAppData();
  const api = useLoyaltyApi();
  const { context } = api;
  const request = resetRequest(addressSecrets('reset-password').toString(), context.provider);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const ok = meetsPasswordComplexity(context.provider, password);

  const { pending, onSubmit } = useGuardedSubmit(reset);
  async function reset() {
    if (!ok) return;
    setError(undefined);
    try {
      await resetPassword(api, { email: request.email, resetCode: request.resetCode, password });
      setDone(true);
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  if (done) {
    return (
      <section className={styles.panel} aria-labelledby="reset-title">
        <h2 id="reset-title">{t('loyalty.reset.title')}</h2>
        <p role="status">{t('loyalty.reset.done')}</p>
        <Link to={loginPagePath(appData?.site.settings?.loginPage?.slug ?? '')} className="button">
          {t('loyalty.signIn.submit')}
        </Link>
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-labelledby="reset-title">
      <h2 id="reset-title">{t('loyalty.reset.title')}</h2>
      {request.resetCode ? null : <p role="alert">{t('loyalty.error.57')}</p>}
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <MemberField label={t('loyalty.field.newPassword')} type="password" autoComplete="new-password" required value={password} onValueChange={setPassword} />
        <PasswordRules provider={context.provider} password={password} />
        {error ? (
          <p role="alert" className={formStyles.formError}>
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={!ok || !request.resetCode} aria-disabled={pending || undefined}>
          {t('loyalty.reset.submit')}
        </button>
      </form>
    </section>
  );
}
