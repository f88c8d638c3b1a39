import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSiteMovies } from '../api';
import { studioKeys } from './studio-keys';

/**
 * Every movie of the site as published, excluded ones too, in the point of sale's order,
 * with its point of sale's facts: what an event's form chooses its movie from, and what the
 * movies screen puts in the site's order.
 */
export const siteMoviesQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteMovies(siteId),
    queryFn: ({ signal }) => getSiteMovies(siteId, signal),
  });

export function useSiteMovies(siteId: string) {
  return useQuery(siteMoviesQueryOptions(siteId));
}
