import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { Page } from '@/types/api';
import { pageKeys } from './page-keys';

export function getPage(slug: string, { signal }: { signal?: AbortSignal } = {}): Promise<Page> {
  return getJson<Page>(`/api/v1/pages/${encodeURIComponent(slug)}`, { signal });
}

export const pageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: pageKeys.detail(slug),
    queryFn: ({ signal }) => getPage(slug, { signal }),
  });

export function usePage(slug: string) {
  return useQuery(pageQueryOptions(slug));
}
