import { useMutation, useQueryClient } from '@tanstack/react-query';
import { acceptInvitation, type InvitationAcceptance } from '../api';
import { studioKeys } from './studio-keys';

/**
 * Accepts an invitation. The answer is the new staff member's /me, which becomes the
 * cached one (no second call); the invitation, used now, is forgotten.
 */
export function useAcceptInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (acceptance: InvitationAcceptance) => acceptInvitation(acceptance),
    onSuccess: (me, { token }) => {
      queryClient.setQueryData(studioKeys.me(), me);
      queryClient.removeQueries({ queryKey: studioKeys.invitation(token) });
    },
  });
}
