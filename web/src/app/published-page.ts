// A published page (docs/publishing.md#published-ahead): the gateway writes its page data
// and the app data into the HTML as JSON. They go into the query cache under the keys the
// page's queries use, on the server before it renders and in the browser before it
// hydrates, so both render the same page and the browser asks for none of it.
import type { QueryClient } from '@tanstack/react-query';
import { appDataQueryOptions } from '@/api/get-app-data';
import { pageDataName, pageDataQueryOptions } from '@/features/site/api/get-page-data';
import { withoutPreviewPrefix } from '@/rules/link-rules';
import type { AppData, PageData } from '@/types/api';

export function seedAppData(queryClient: QueryClient, appData: AppData): void {
  queryClient.setQueryData(appDataQueryOptions().queryKey, appData);
}

/**
 * Puts `pageData` into the cache as the data of its page and, when the page is shown at
 * another address (the site's 404 page answers every unknown one), of `pathname` too:
 * that address has no page of its own.
 */
export function seedPageData(queryClient: QueryClient, pageData: PageData, pathname = pageData.path): void {
  queryClient.setQueryData(pageDataQueryOptions(pageData.path).queryKey, pageData);
  const shownAt = withoutPreviewPrefix(pathname);
  if (!isPageAt(pageData, shownAt)) queryClient.setQueryData(pageDataQueryOptions(shownAt).queryKey, pageData);
}

/** Whether `pageData` is the page published at `pathname` (rather than shown there). */
export function isPageAt(pageData: PageData, pathname: string): boolean {
  return pageDataName(pageData.path) === pageDataName(pathname);
}

/** The JSON the gateway wrote into the document (`#app-data`, `#page-data`), where it did. */
export function readPublishedData(document: Document): { appData?: AppData; pageData?: PageData } {
  const read = (id: string): unknown => {
    const text = document.getElementById(id)?.textContent;
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return undefined;
    }
  };
  const pageData = read('page-data') as PageData | undefined;
  return {
    appData: read('app-data') as AppData | undefined,
    pageData: pageData && typeof pageData.path === 'string' && typeof pageData.data === 'object' ? pageData : undefined,
  };
}
