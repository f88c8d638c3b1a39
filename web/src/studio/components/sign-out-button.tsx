import { useNavigate } from 'react-router';
import { useTranslate } from '@/state/i18n';
import { useSignOut } from '../hooks/use-sign-out';
import { studioPaths } from '../paths';
import styles from './sign-out-button.module.css';

/** Navigation state of the studio's start page right after a sign-out: its sign-in screen takes the focus. */
export type SignedOutState = { signedOut: true };

/** Ends the session, then shows the start page, signed out; a failure is announced beside the button. */
export function SignOutButton() {
  const t = useTranslate();
  const navigate = useNavigate();
  const signOut = useSignOut();
  const pending = signOut.isPending;
  return (
    <div className={styles.signOut}>
      <button
        type="button"
        className="button button-secondary"
        // A press being answered: the button keeps its focus, and further presses do nothing.
        aria-disabled={pending || undefined}
        onClick={() => {
          if (pending) return;
          signOut.mutate(undefined, {
            onSuccess: () => {
              const state: SignedOutState = { signedOut: true };
              void navigate(studioPaths.home.build(), { replace: true, state });
            },
          });
        }}
      >
        {t(pending ? 'studio.signOut.pending' : 'studio.signOut')}
      </button>
      <p role="alert" className={styles.failure}>
        {signOut.isError ? t('studio.signOut.failed') : ''}
      </p>
    </div>
  );
}
