import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { Movie } from '@/types/api';
import { movieKeys, type MovieFilters } from './movie-keys';

/** Movies in the site's order, optionally only those at a theater or in a play week. */
export function getMovies(
  filters: MovieFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Movie[]> {
  return getJson<Movie[]>('/api/v1/movies', {
    query: { theaterId: filters.theaterId, playWeek: filters.playWeek },
    signal,
  });
}

export const moviesQueryOptions = (filters: MovieFilters = {}) =>
  queryOptions({
    queryKey: movieKeys.list(filters),
    queryFn: ({ signal }) => getMovies(filters, { signal }),
  });

export function useMovies(filters: MovieFilters = {}) {
  return useQuery(moviesQueryOptions(filters));
}
