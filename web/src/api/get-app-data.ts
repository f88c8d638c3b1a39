import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { AppData } from '@/types/api';
import { siteKeys } from './site-keys';

// Everything every page needs: site config and settings, theaters, locale messages
// (docs/publishing.md#page-data).
export function getAppData({ signal }: { signal?: AbortSignal } = {}): Promise<AppData> {
  return getJson<AppData>('/page-data/app-data.json', { signal });
}

export const appDataQueryOptions = () =>
  queryOptions({
    queryKey: siteKeys.appData(),
    queryFn: ({ signal }) => getAppData({ signal }),
    staleTime: Infinity,
  });

export function useAppData() {
  return useQuery(appDataQueryOptions());
}
