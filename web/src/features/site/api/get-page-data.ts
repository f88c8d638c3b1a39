import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import { safeDecode } from '@/rules/safe-decode';
import type { PageData } from '@/types/api';
import { siteKeys } from '@/api/site-keys';

// A published page's own data (docs/publishing.md#page-data):
// a file the gateway writes with the page whenever the catalogue changes. A published
// page carries it inline, so the first render needs no request; a page reached by a
// client-side navigation fetches it.

/**
 * The name of the page's data file: its path (decoded, as the gateway names it) without
 * the slashes around it, `index` for `/`.
 */
export function pageDataName(path: string): string {
  const pathname = path.split(/[?#]/)[0] ?? '';
  // A malformed escape: the name as it is, which no published page has.
  const decoded = safeDecode(pathname, decodeURI) ?? pathname;
  return decoded.replace(/^\/+|\/+$/g, '') || 'index';
}

/** `/page-data/{name}/page-data.json` of the page at `path`. */
export function pageDataUrl(path: string): string {
  return `/page-data/${pageDataName(path)}/page-data.json`;
}

export function getPageData(path: string, { signal }: { signal?: AbortSignal } = {}): Promise<PageData> {
  return getJson<PageData>(pageDataUrl(path), { signal });
}

/** The data of the page at `path`; it changes only when the site is published again. */
export const pageDataQueryOptions = (path: string) =>
  queryOptions({
    queryKey: siteKeys.pageData(pageDataName(path)),
    queryFn: ({ signal }) => getPageData(path, { signal }),
    staleTime: Infinity,
  });

export function usePageData(path: string) {
  return useQuery(pageDataQueryOptions(path));
}
