import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { getMedia } from '../api';
import { studioKeys } from './studio-keys';

/** The site's images of the search `q` (trimmed; '': every image), newest first. */
export const siteMediaQueryOptions = (siteId: string, q: string) =>
  queryOptions({
    queryKey: studioKeys.siteMediaSearch(siteId, q),
    queryFn: ({ signal }) => getMedia(siteId, q, signal),
  });

/**
 * The site's media library, searched: while another search is on its way, the images of
 * the last one stay listed (its `isPlaceholderData` says so), so the list does not empty
 * and fill again at each search.
 */
export function useSiteMedia(siteId: string, q: string) {
  return useQuery({ ...siteMediaQueryOptions(siteId, q), placeholderData: keepPreviousData });
}

/**
 * What the studio asks again once the library changed (an image uploaded, replaced,
 * described or deleted): every search of it, and the site's audit log, which has the change now.
 */
export function invalidateAfterMediaChange(queryClient: QueryClient, siteId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: studioKeys.siteMedia(siteId) }),
    queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
  ]);
}
