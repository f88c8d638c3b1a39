// The BOOST_POS password complexity rule (docs/loyalty.md#form-validation), shown before
// submitting and ticked off as the member types.

import { useTranslate } from '@/state/i18n';
import { passwordRuleChecks } from '../utils/input-rules';
import styles from './member-form.module.css';

export function PasswordRules({ provider, password }: { provider: string; password: string }) {
  const t = useTranslate();
  if (provider !== 'BOOST_POS') return <p className={styles.hint}>{t('loyalty.password.rules')}</p>;
  return (
    <ul className={`${styles.hint} ${styles.rules}`} aria-label={t('loyalty.password.rulesTitle')} data-testid="password-rules">
      {passwordRuleChecks(password).map(({ rule, met }) => (
        <li key={rule} data-met={met}>
          {met ? '✓ ' : '○ '}
          {t(`loyalty.password.rule.${rule}`)}
        </li>
      ))}
    </ul>
  );
}
