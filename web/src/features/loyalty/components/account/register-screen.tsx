// Registration (docs/loyalty.md#registration): the member create payload; where the site needs
// activation (includeActivation) an activation code is e-mailed next and the member goes
// on to the activation screen, otherwise they are signed in at once. The address is
// searched first: a member enrolled at a box office gets their username instead of a
// second membership, and sets a password through the e-mailed reset
// (claim-box-office-membership.ts).

import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { claimBoxOfficeMembership } from '../../api/claim-box-office-membership';
import { createMember } from '../../api/create-member';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { startRegistration } from '../../api/start-registration';
import { useErrorText } from '../../hooks/use-error-text';
import { useGuardedSubmit } from '../../hooks/use-guarded-submit';
import { useInvisibleCaptcha } from '../../hooks/use-invisible-captcha';
import { activationState } from '../../utils/activation-state';
import { internationalPhoneNumber, isValidPhoneNumber, meetsPasswordComplexity } from '../../utils/input-rules';
import { MemberField } from '../member-field';
import { PasswordRules } from '../password-rules';
import { PhoneField } from '../phone-field';
import formStyles from '../member-form.module.css';
import styles from './account.module.css';

export function RegisterScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const api = useLoyaltyApi();
  const { config, context, login } = api;
  // The registration and the login right after it each carry their own captcha token,
  // or a site with a captcha refuses them (code 7).
  const registrationCaptcha = useInvisibleCaptcha('register');
  const captcha = useInvisibleCaptcha('login');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [firstname, setFirstname] = useState('');
  const [lastname, setLastname] = useState('');
  const [zipCode, setZipCode] = useState('');
  const [phone, setPhone] = useState({ country: 'US', number: '' });
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string>();
  const [foundAtBoxOffice, setFoundAtBoxOffice] = useState<string>();
  // The long form gives way to a short message: focus (and the view) go to its heading.
  const foundHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (foundAtBoxOffice) foundHeading.current?.focus();
  }, [foundAtBoxOffice]);
  const passwordOk = meetsPasswordComplexity(context.provider, password);
  const phoneOk = isValidPhoneNumber(phone);

  async function register() {
    setTried(true);
    if (!passwordOk || !phoneOk || !email || !firstname || !lastname) return;
    setError(undefined);
    try {
      if (await claimBoxOfficeMembership(api, email)) {
        setFoundAtBoxOffice(email);
        return;
      }
      const mobileNumber = internationalPhoneNumber(phone);
      await createMember(api, {
        email,
        password,
        firstname,
        lastname,
        mobileNumber,
        zipCode,
        captchaToken: await registrationCaptcha(),
      });
      if (config.includeActivation) {
        await startRegistration(api, email);
        void navigate(paths.accountScreen.build('activate'), { state: activationState(email) });
        return;
      }
      if (await login({ username: email, password, captchaToken: await captcha() })) void navigate(paths.account.build());
      else setError(t('loyalty.error.generic'));
    } catch (failure) {
      setError(errorText(failure));
    }
  }
  const { pending, onSubmit } = useGuardedSubmit(register);

  if (foundAtBoxOffice) {
    return (
      <section className={styles.panel} aria-labelledby="register-title">
        <h2 id="register-title" ref={foundHeading} tabIndex={-1}>
          {t('loyalty.register.title')}
        </h2>
        <p role="status" className={styles.notice}>
          {t('loyalty.register.found', [foundAtBoxOffice])}
        </p>
      </section>
    );
  }

  return (
    <section className={styles.panel} aria-labelledby="register-title">
      <h2 id="register-title">{t('loyalty.register.title')}</h2>
      {config.guestSignupTabText ? <p>{config.guestSignupTabText}</p> : null}
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        <MemberField label={t('loyalty.field.firstName')} autoComplete="given-name" required value={firstname} onValueChange={setFirstname} error={tried && !firstname ? t('loyalty.validation.required') : undefined} />
        <MemberField label={t('loyalty.field.lastName')} autoComplete="family-name" required value={lastname} onValueChange={setLastname} error={tried && !lastname ? t('loyalty.validation.required') : undefined} />
        <MemberField label={t('loyalty.field.email')} type="email" autoComplete="email" required value={email} onValueChange={setEmail} error={tried && !email ? t('loyalty.validation.required') : undefined} />
        <MemberField
          label={t('loyalty.field.password')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onValueChange={setPassword}
          error={tried && !passwordOk ? t(context.provider === 'BOOST_POS' ? 'loyalty.error.84_BOOST_POS' : 'loyalty.error.84') : undefined}
        />
        <PasswordRules provider={context.provider} password={password} />
        <PhoneField value={phone} onChange={setPhone} error={tried && !phoneOk ? t('loyalty.validation.phone') : undefined} />
        <MemberField label={t('loyalty.field.zipCode')} autoComplete="postal-code" value={zipCode} onValueChange={setZipCode} />
        {error ? (
          <p role="alert" className={formStyles.formError}>
            {error}
          </p>
        ) : null}
        <button type="submit" className="button" aria-disabled={pending || undefined}>
          {t('loyalty.register.submit')}
        </button>
      </form>
    </section>
  );
}
