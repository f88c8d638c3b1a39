import { useEffect, useId, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslate } from '@/state/i18n';
import type { SignedOutState } from '../components/sign-out-button';
import { useSignInMethods } from '../hooks/use-sign-in-methods';
import { PasskeySignIn } from './passkey-sign-in';
// The single sign-on is laid out as the passkey's way in just above it: a hint, then its button.
import wayIn from './passkey-sign-in.module.css';
import { SignInLinkForm } from './sign-in-link-form';
import styles from './sign-in-screen.module.css';

/**
 * The gateway's page that begins a single sign-on: it sends the browser on to the
 * organisation's provider, so it is reached by a full page navigation, never by fetch.
 */
const SINGLE_SIGN_ON_PAGE = '/sign-in/sso';

/**
 * Why a mailed link or a single sign-on led here without signing in (`?sign-in=` of the
 * gateway's redirect). `unavailable` is either's: the provider or the studio was away.
 */
const SIGN_IN_PROBLEMS: Partial<Record<string, string>> = {
  unusable: 'studio.signIn.link.unusable',
  off: 'studio.signIn.link.off',
  unavailable: 'studio.signIn.unavailable',
  'sso-declined': 'studio.signIn.sso.declined',
  'sso-unusable': 'studio.signIn.sso.unusable',
  'sso-not-staff': 'studio.signIn.sso.notStaff',
  'sso-off': 'studio.signIn.sso.off',
};

/**
 * The start page without a session: how to get in. A passkey first, then the organisation's
 * account where the platform offers single sign-on, then a sign-in link by e-mail unless
 * the platform turned it off (`?sign-in=...`: a mailed link or a single sign-on led here
 * without signing in, and why), then, for someone new, the invitation link. Until the
 * studio says which ways it offers (or if it cannot say), the link by e-mail is offered,
 * single sign-on not. Right after a sign-out its heading takes the focus, which was on the
 * sign-out button, gone now.
 */
export function SignInScreen() {
  const t = useTranslate();
  const heading = useRef<HTMLHeadingElement>(null);
  const singleSignOnHintId = useId();
  const signedOut = (useLocation().state as Partial<SignedOutState> | null)?.signedOut === true;
  const [search] = useSearchParams();
  const problem = SIGN_IN_PROBLEMS[search.get('sign-in') ?? ''];
  const methods = useSignInMethods().data;
  useEffect(() => {
    if (signedOut) heading.current?.focus();
  }, [signedOut]);
  return (
    <section className={styles.signIn}>
      <h1 ref={heading} tabIndex={-1} className="page-title">
        {t('studio.signIn.title')}
      </h1>
      {problem ? <p className={styles.problem}>{t(problem)}</p> : null}
      <PasskeySignIn />
      {methods?.singleSignOn ? (
        <div className={wayIn.passkey}>
          <p id={singleSignOnHintId} className={wayIn.hint}>
            {t('studio.signIn.sso.hint')}
          </p>
          {/* A plain link: the gateway answers it with a redirect to the provider. */}
          <a href={SINGLE_SIGN_ON_PAGE} className="button" aria-describedby={singleSignOnHintId}>
            {t('studio.signIn.sso')}
          </a>
        </div>
      ) : null}
      {methods?.emailLink === false ? null : <SignInLinkForm />}
      <div className={styles.firstTime}>
        <h2>{t('studio.signIn.firstTime')}</h2>
        <p>{t('studio.signIn.invitation')}</p>
        <p>{t('studio.signIn.firstOperator')}</p>
      </div>
    </section>
  );
}
