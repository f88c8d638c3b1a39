import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPreviewAddress } from '../api';
import { studioKeys } from './studio-keys';

/** A preview address shows the draft for an hour: one is asked for again after half of it. */
const PREVIEW_FRESH_MS = 30 * 60 * 1000;

/** The address of the page at `path` as the site's draft has it, on the site's own host. */
export const previewAddressQueryOptions = (siteId: string, path: string) =>
  queryOptions({
    queryKey: studioKeys.sitePreview(siteId, path),
    queryFn: ({ signal }) => getPreviewAddress(siteId, path, signal),
    staleTime: PREVIEW_FRESH_MS,
    // Asked for again while the screen is open, so that a reload inside the frame never
    // meets an expired token (which shows the published site).
    refetchInterval: PREVIEW_FRESH_MS,
  });

export function usePreviewAddress(siteId: string, path: string) {
  return useQuery(previewAddressQueryOptions(siteId, path));
}
