// Membership activation with the e-mailed code (includeActivation), plus the card number
// or phone number where the site asks for them. The e-mail address comes from the
// registration, in the navigation's state (utils/activation-state.ts), or from the
// address the page started at, taken out of it (lib/address-secrets.ts).

import { useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import { useTranslate } from '@/state/i18n';
import { useAppData } from '@/api/get-app-data';
import { addressSecrets } from '@/lib/address-secrets';
import { activateMembership } from '../../api/activate-membership';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { activationEmail } from '../../utils/activation-state';
import { internationalPhoneNumber, isValidPhoneNumber } from '../../utils/input-rules';
import { useGuardedSubmit } from '../../hooks/use-guarded-submit';
import { MemberField } from '../member-field';
import { PhoneField } from '../phone-field';
import formStyles from '../member-form.module.css';
import { TheaterNeeded } from './theater-needed';
import styles from './account.module.css';
import { loginPagePath } from '../../utils/login-page';

export function ActivateScreen() {
  const t = useTranslate();
  const { state } = useLocation() as { state: unknown };
  const { data: appData } = useAppData();
  const { config, context } = useLoyaltyApi();
  const [email, setEmail] = useState(() => activationEmail(state) ?? addressSecrets('activate').get('email') ?? '');
  const [code, setCode] = useState('');
  const [cardNumber, setCardNumber] = useState('');
  const [phone, setPhone] = useState({ country: 'US', number: '' });
  const [result, setResult] = useState<boolean>();
  const loginSlug = appData?.site.settings?.loginPage?.slug ?? '';

  async function activate() {
    if (config.includeActivationPhoneNumber && !isValidPhoneNumber(phone)) return;
    const done = await activateMembership(context, {
      email,
      activationCode: code.trim(),
      ...(config.includeActivationCardNumber && cardNumber ? { cardNumber: cardNumber.toUpperCase() } : {}),
      ...(config.includeActivationPhoneNumber ? { mobileNumber: internationalPhoneNumber(phone) } : {}),
    });
    setResult(done);
  }
  const { pending, onSubmit } = useGuardedSubmit(activate);

  if (result) {
    return (
      <section className={styles.panel} aria-labelledby="activate-title">
        <h2 id="activate-title">{t('loyalty.activate.doneTitle')}</h2>
        <p role="status">{t('loyalty.activate.done')}</p>
        <Link to={loginPagePath(loginSlug)} className="button">
          {t('loyalty.signIn.submit')}
        </Link>
      </section>
    );
  }
  return (
    <section className={styles.panel} aria-labelledby="activate-title">
      <h2 id="activate-title">{t('loyalty.activate.title')}</h2>
      <p>{t('loyalty.activate.text')}</p>
      <TheaterNeeded reason={t('loyalty.activate.chooseTheater')}>
        <form className={formStyles.form} onSubmit={onSubmit} noValidate>
          <MemberField label={t('loyalty.field.email')} type="email" autoComplete="email" required value={email} onValueChange={setEmail} />
          <MemberField label={t('loyalty.field.activationCode')} autoComplete="one-time-code" required value={code} onValueChange={setCode} />
          {config.includeActivationCardNumber ? (
            <MemberField label={t('loyalty.field.cardNumber')} value={cardNumber} onValueChange={setCardNumber} />
          ) : null}
          {config.includeActivationPhoneNumber ? <PhoneField value={phone} onChange={setPhone} /> : null}
          {result === false ? (
            <p role="alert" className={formStyles.formError}>
              {t('loyalty.activate.failed')}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={!email || !code} aria-disabled={pending || undefined}>
            {t('loyalty.activate.submit')}
          </button>
        </form>
      </TheaterNeeded>
    </section>
  );
}
