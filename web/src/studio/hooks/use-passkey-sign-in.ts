import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPasskeySignInOptions, signInWithPasskey } from '../api';
import { getPasskey } from '../passkeys';
import { studioKeys } from './studio-keys';

/**
 * Signs in with a passkey: the studio's challenge, the browser's prompt (any passkey the
 * device holds for the studio), then the studio's check, which sets the session cookie.
 * The answer is the staff member's /me, which becomes the cached one (no second call).
 * Fails with a PasskeyCeremonyError when the prompt gave no passkey.
 */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const credential = await getPasskey(await getPasskeySignInOptions());
      return signInWithPasskey({ credential });
    },
    onSuccess: (me) => queryClient.setQueryData(studioKeys.me(), me),
  });
}
