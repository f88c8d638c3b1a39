import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useTranslate } from '@/state/i18n';
import type { SignedOutState } from '../components/sign-out-button';
import styles from './sign-in-screen.module.css';

/**
 * The start page without a session: how to get in with what this version of the studio
 * offers, an invitation link. Right after a sign-out its heading takes the focus, which was
 * on the sign-out button, gone now.
 */
export function SignInScreen() {
  const t = useTranslate();
  const heading = useRef<HTMLHeadingElement>(null);
  const signedOut = (useLocation().state as Partial<SignedOutState> | null)?.signedOut === true;
  useEffect(() => {
    if (signedOut) heading.current?.focus();
  }, [signedOut]);
  return (
    <section className={styles.signIn}>
      <h1 ref={heading} tabIndex={-1} className="page-title">
        {t('studio.signIn.title')}
      </h1>
      <p>{t('studio.signIn.invitation')}</p>
      <p>{t('studio.signIn.firstOperator')}</p>
      <p className={styles.later}>{t('studio.signIn.later')}</p>
    </section>
  );
}
