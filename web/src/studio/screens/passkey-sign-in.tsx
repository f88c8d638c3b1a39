import { useId } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import { usePasskeySignIn } from '../hooks/use-passkey-sign-in';
import { PasskeyCeremonyError, passkeysSupported } from '../passkeys';
import { studioPaths } from '../paths';
import type { SignedInState } from './grants-overview';
import styles from './passkey-sign-in.module.css';

/** What the studio says of a sign-in with a passkey that did not sign anyone in. */
function failureText(t: Translate, error: unknown): string {
  if (error instanceof PasskeyCeremonyError) {
    return t(error.problem === 'cancelled' ? 'studio.signIn.passkey.cancelled' : 'studio.signIn.passkey.unusable');
  }
  if (error instanceof ApiError) {
    if (error.status === 401) return t('studio.signIn.passkey.unknown');
    if (error.status === 503) return t('studio.signIn.passkey.unavailable');
    if (error.status < 500) return t('studio.signIn.passkey.refused', { message: error.message });
  }
  return t('studio.signIn.passkey.failed');
}

/**
 * Signs in with a passkey, the studio's first way in, where the browser can use one; else
 * it says so and points to the link by e-mail. Signed in, the start page shows the staff
 * member's access, its heading focused (the button pressed is gone).
 */
export function PasskeySignIn() {
  const t = useTranslate();
  const navigate = useNavigate();
  const signIn = usePasskeySignIn();
  const hintId = useId();
  if (!passkeysSupported()) return <p className={styles.unsupported}>{t('studio.signIn.passkey.unsupported')}</p>;

  const pending = signIn.isPending;
  return (
    <div className={styles.passkey}>
      <p id={hintId} className={styles.hint}>
        {t('studio.signIn.passkey.hint')}
      </p>
      <button
        type="button"
        className="button"
        aria-describedby={hintId}
        // A ceremony under way: the button keeps its focus, and further presses do nothing.
        aria-disabled={pending || undefined}
        onClick={() => {
          if (pending) return;
          signIn.mutate(undefined, {
            onSuccess: () => {
              const state: SignedInState = { signedIn: true };
              // Also drops a `?sign-in=` that a mailed link left in the address.
              void navigate(studioPaths.home.build(), { replace: true, state });
            },
          });
        }}
      >
        {t(pending ? 'studio.signIn.passkey.pending' : 'studio.signIn.passkey')}
      </button>
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.outcome}>
        {signIn.isError ? failureText(t, signIn.error) : ''}
      </p>
    </div>
  );
}
