import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPendingInvitations, sendInvitation, type InvitationRequest } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/** The site's invitations neither accepted nor expired yet, newest first. */
export const pendingInvitationsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteInvitations(siteId),
    queryFn: ({ signal }) => getPendingInvitations(siteId, signal),
  });

/** The site's pending invitations; asks nothing while `enabled` is false. */
export function usePendingInvitations(siteId: string, enabled = true) {
  return useQuery({ ...pendingInvitationsQueryOptions(siteId), enabled });
}

/**
 * Invites someone: the studio mails them the link. The site's pending invitations and
 * its audit log are asked for again (an operator's invitation, of no site, is among none).
 */
export function useSendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: InvitationRequest) => sendInvitation(request),
    onSuccess: (_sent, { siteId }) =>
      siteId
        ? Promise.all([
            queryClient.invalidateQueries({ queryKey: studioKeys.siteInvitations(siteId) }),
            queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
          ])
        : undefined,
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
