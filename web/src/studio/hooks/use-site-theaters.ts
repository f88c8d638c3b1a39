import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSiteTheaters } from '../api';
import { studioKeys } from './studio-keys';

/** The site's theaters as published, in the site's order: what an event's form chooses its theater from. */
export const siteTheatersQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteTheaters(siteId),
    queryFn: ({ signal }) => getSiteTheaters(siteId, signal),
  });

export function useSiteTheaters(siteId: string) {
  return useQuery(siteTheatersQueryOptions(siteId));
}
