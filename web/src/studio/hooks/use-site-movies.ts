import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSiteMovies } from '../api';
import { studioKeys } from './studio-keys';

/** The site's movies as published, in the site's order: what an event's form chooses its movie from. */
export const siteMoviesQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteMovies(siteId),
    queryFn: ({ signal }) => getSiteMovies(siteId, signal),
  });

export function useSiteMovies(siteId: string) {
  return useQuery(siteMoviesQueryOptions(siteId));
}
