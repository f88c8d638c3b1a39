import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSites } from '../api';
import { studioKeys } from './studio-keys';

/** The sites the signed-in staff member may see, by id. */
export const sitesQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.sites(),
    queryFn: ({ signal }) => getSites(signal),
  });

export function useSites() {
  return useQuery(sitesQueryOptions());
}
