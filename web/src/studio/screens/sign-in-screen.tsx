import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslate } from '@/state/i18n';
import type { SignedOutState } from '../components/sign-out-button';
import { SignInLinkForm } from './sign-in-link-form';
import styles from './sign-in-screen.module.css';

/**
 * The start page without a session: how to get in with what this version of the studio
 * offers, an invitation link or a sign-in link by e-mail (`?sign-in=unusable`: a mailed
 * link that was used or expired led here). Right after a sign-out its heading takes the
 * focus, which was on the sign-out button, gone now.
 */
export function SignInScreen() {
  const t = useTranslate();
  const heading = useRef<HTMLHeadingElement>(null);
  const signedOut = (useLocation().state as Partial<SignedOutState> | null)?.signedOut === true;
  const [search] = useSearchParams();
  const linkUnusable = search.get('sign-in') === 'unusable';
  useEffect(() => {
    if (signedOut) heading.current?.focus();
  }, [signedOut]);
  return (
    <section className={styles.signIn}>
      <h1 ref={heading} tabIndex={-1} className="page-title">
        {t('studio.signIn.title')}
      </h1>
      {linkUnusable ? <p className={styles.problem}>{t('studio.signIn.link.unusable')}</p> : null}
      <p>{t('studio.signIn.invitation')}</p>
      <p>{t('studio.signIn.firstOperator')}</p>
      <SignInLinkForm />
      <p className={styles.later}>{t('studio.signIn.later')}</p>
    </section>
  );
}
