import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMe } from '../api';
import { studioKeys } from './studio-keys';

/** Who is signed in: the staff member and their grants, or null without a session. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.me(),
    queryFn: ({ signal }) => getMe(signal),
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
