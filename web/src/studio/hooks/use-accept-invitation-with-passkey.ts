import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getPasskeyCreationOptions, registerPasskey, type InvitationAcceptance } from '../api';
import { createPasskey } from '../passkeys';
import { studioKeys } from './studio-keys';

/**
 * Accepts an invitation by registering the new staff member's first passkey: the options
 * (the name and e-mail address are checked there, a 400 naming the field), the browser's
 * prompt, then the registration, which signs them in. As without a passkey, the answer
 * becomes the cached /me and the invitation, used now, is forgotten. Fails with a
 * PasskeyCeremonyError when the prompt gave no passkey (the invitation is still unused).
 */
export function useAcceptInvitationWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ token, name, email }: InvitationAcceptance) => {
      const options = await getPasskeyCreationOptions({ invitation: token, name, ...(email === undefined ? {} : { email }) });
      const credential = await createPasskey(options);
      return registerPasskey({ invitation: token, credential });
    },
    onSuccess: (me, { token }) => {
      queryClient.setQueryData(studioKeys.me(), me);
      queryClient.removeQueries({ queryKey: studioKeys.invitation(token) });
    },
  });
}
