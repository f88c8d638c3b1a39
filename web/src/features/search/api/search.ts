import { queryOptions } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { SearchHit } from '@/types/api';

/** docs/ingest.md#site-search: the words at least this long are looked up. */
export const MIN_QUERY_LENGTH = 2;

export const searchQueryOptions = (query: string, limit: number) =>
  queryOptions({
    queryKey: ['search', query, limit] as const,
    queryFn: ({ signal }) => getJson<SearchHit[]>('/api/v1/search', { query: { q: query, limit: String(limit) }, signal }),
    // The same words find the same things until the catalogue changes.
    staleTime: 60_000,
  });
