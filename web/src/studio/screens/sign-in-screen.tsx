import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslate } from '@/state/i18n';
import type { SignedOutState } from '../components/sign-out-button';
import { PasskeySignIn } from './passkey-sign-in';
import { SignInLinkForm } from './sign-in-link-form';
import styles from './sign-in-screen.module.css';

/** Why a mailed link led here without signing in (`?sign-in=` of the gateway's redirect). */
const LINK_PROBLEMS: Partial<Record<string, string>> = {
  unusable: 'studio.signIn.link.unusable',
  off: 'studio.signIn.link.off',
  unavailable: 'studio.signIn.link.notTaken',
};

/**
 * The start page without a session: how to get in. A passkey first, then a sign-in link
 * by e-mail (`?sign-in=...`: a mailed link led here without signing in, and why), then,
 * for someone new, the invitation link. Right after a sign-out its heading takes the
 * focus, which was on the sign-out button, gone now.
 */
export function SignInScreen() {
  const t = useTranslate();
  const heading = useRef<HTMLHeadingElement>(null);
  const signedOut = (useLocation().state as Partial<SignedOutState> | null)?.signedOut === true;
  const [search] = useSearchParams();
  const linkProblem = LINK_PROBLEMS[search.get('sign-in') ?? ''];
  useEffect(() => {
    if (signedOut) heading.current?.focus();
  }, [signedOut]);
  return (
    <section className={styles.signIn}>
      <h1 ref={heading} tabIndex={-1} className="page-title">
        {t('studio.signIn.title')}
      </h1>
      {linkProblem ? <p className={styles.problem}>{t(linkProblem)}</p> : null}
      <PasskeySignIn />
      <SignInLinkForm />
      <div className={styles.firstTime}>
        <h2>{t('studio.signIn.firstTime')}</h2>
        <p>{t('studio.signIn.invitation')}</p>
        <p>{t('studio.signIn.firstOperator')}</p>
      </div>
    </section>
  );
}
