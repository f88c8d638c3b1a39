import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { Event } from '@/types/api';
import { eventKeys, type EventFilters } from './event-keys';

export function getEvents(filters: EventFilters, { signal }: { signal?: AbortSignal } = {}): Promise<Event[]> {
  return getJson<Event[]>('/api/v1/events', { query: { theaterId: filters.theaterId }, signal });
}

export const eventsQueryOptions = (filters: EventFilters = {}) =>
  queryOptions({
    queryKey: eventKeys.list(filters),
    queryFn: ({ signal }) => getEvents(filters, { signal }),
  });

export function useEvents(filters: EventFilters = {}) {
  return useQuery(eventsQueryOptions(filters));
}
