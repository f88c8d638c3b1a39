import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { Showtime } from '@/types/api';
import { showtimeKeys, type ShowtimeFilters } from './showtime-keys';

export function getShowtimes(
  filters: ShowtimeFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Showtime[]> {
  return getJson<Showtime[]>('/api/v1/showtimes', {
    query: {
      theaterId: filters.theaterId,
      movieId: filters.movieId,
      from: filters.from,
      to: filters.to,
    },
    signal,
  });
}

export const showtimesQueryOptions = (filters: ShowtimeFilters) =>
  queryOptions({
    queryKey: showtimeKeys.list(filters),
    queryFn: ({ signal }) => getShowtimes(filters, { signal }),
  });

export function useShowtimes(filters: ShowtimeFilters, { enabled = true } = {}) {
  return useQuery({ ...showtimesQueryOptions(filters), enabled });
}
