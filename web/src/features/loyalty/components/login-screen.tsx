// The login page (/{loginPage.slug}): the page's own text, the sign-in form with the
// recovery links, and the sign-up tab for guests. Signed in, the member goes to the
// account, unless ?return= asks for the ticketing hand-off, which the header runs.

import { usePageSearch } from '@/lib/hydration';
import { useNavigate } from 'react-router';
import { Link } from '@/components/link';
import { HAND_OFF_PLACES } from '@/rules/offered-hand-offs';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { useAppData } from '@/api/get-app-data';
import { HandOffLinks } from '@/components/hand-off-links';
import { useLoyaltySession } from '../hooks/loyalty-session';
import { useInvisibleCaptcha } from '../hooks/use-invisible-captcha';
import { RETURN_PARAMETER } from '../utils/hand-off';
import { MemberSession } from './member-session';
import { SignInForm } from './sign-in-form';
import styles from './account/account.module.css';

function SignInPanels() {
  const t = useTranslate();
  const navigate = useNavigate();
  const search = usePageSearch();
  const { member, config } = useLoyaltySession();
  const handingOff = new URLSearchParams(search).has(RETURN_PARAMETER);
  const captcha = useInvisibleCaptcha('login');
  const { data: appData } = useAppData();
  return (
    <div className={styles.signIn}>
      <section className={styles.panel} aria-labelledby="sign-in-title">
        <h2 id="sign-in-title">{t('loyalty.signIn.title')}</h2>
        {member ? (
          <p role="status">
            {t('loyalty.signIn.already', [member.firstName ?? ''])}{' '}
            <Link to={paths.account.build()}>{t('loyalty.nav.overview')}</Link>
          </p>
        ) : (
          <SignInForm
            captchaToken={captcha}
            onSignedIn={() => {
              if (!handingOff) void navigate(paths.account.build());
            }}
          />
        )}
        <ul className={styles.links}>
          <li>
            <Link to={paths.accountScreen.build('forgot-password')}>{t('loyalty.forgotPassword.link')}</Link>
          </li>
          <li>
            <Link to={paths.accountScreen.build('forgot-username')}>{t('loyalty.forgotUsername.link')}</Link>
          </li>
          {config.includeActivation ? (
            <li>
              <Link to={paths.accountScreen.build('activate')}>{t('loyalty.activate.link')}</Link>
            </li>
          ) : null}
        </ul>
      </section>
      <section className={styles.panel} aria-labelledby="join-title">
        <h2 id="join-title">{config.guestSignupTabButton || t('loyalty.register.title')}</h2>
        {config.guestSignupTabText ? <p>{config.guestSignupTabText}</p> : null}
        <div className={styles.actions}>
          <Link to={paths.accountScreen.build('register')} className="button">
            {config.guestSignupTabButton || t('loyalty.register.title')}
          </Link>
        </div>
        <HandOffLinks
          segments={HAND_OFF_PLACES.signIn}
          provider={appData?.site.settings?.ticketingProvider}
          className={styles.links}
        />
        <ul className={styles.links}>
          <li>
            <Link to={paths.accountScreen.build('gift-card')}>{t('loyalty.giftCard.link')}</Link>
          </li>
          <li>
            <Link to={paths.accountScreen.build('e-vouchers')}>{t('loyalty.eVouchers.link')}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}

export function LoginScreen() {
  return (
    <MemberSession>
      <SignInPanels />
    </MemberSession>
  );
}
