import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSites } from '../api';
import { studioKeys } from './studio-keys';
import { useMe } from './use-me';

/** The sites the signed-in staff member may see, by id. */
export const sitesQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.sites(),
    queryFn: ({ signal }) => getSites(signal),
  });

/**
 * Asked only while someone is signed in: once a sign-out has made /me nobody, a list
 * still on screen for a moment asks nothing more (it would only be refused).
 */
export function useSites() {
  const signedIn = useMe().data != null;
  return useQuery({ ...sitesQueryOptions(), enabled: signedIn });
}
