import { queryOptions, useQuery } from '@tanstack/react-query';
import { getInvitation } from '../api';
import { studioKeys } from './studio-keys';

/** What the invitation link's token offers; null when it cannot be used. Read once: it lasts a day. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: studioKeys.invitation(token),
    queryFn: ({ signal }) => getInvitation(token, signal),
    staleTime: Infinity,
  });

/** The invitation of `token`; an empty token (a link cut short) asks nothing. */
export function useInvitation(token: string) {
  return useQuery({ ...invitationQueryOptions(token), enabled: token !== '' });
}
