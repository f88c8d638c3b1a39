import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getDraftPage, getDraftPages, removeDraftPage, saveDraftPage, type PageRecord } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/** The site's pages as the draft has them, in the site's order, each with where it stands. */
export const draftPagesQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteDraftPages(siteId),
    queryFn: ({ signal }) => getDraftPages(siteId, signal),
  });

/** The site's pages; asks nothing while `enabled` is false (a screen that needs them only for a new page). */
export function useDraftPages(siteId: string, enabled = true) {
  return useQuery({ ...draftPagesQueryOptions(siteId), enabled });
}

/**
 * One page as the draft has it. Asked for again each time its screen opens, whatever the
 * cache holds: a save sends the page whole, so the form must start from the page as it is
 * now, never from a copy kept since an earlier visit (another editor may have saved it
 * since, and that save would be overwritten). Not asked again while it is open: what the
 * form and the editor started from stays what they started from (a save sets it anew).
 */
export const draftPageQueryOptions = (siteId: string, slug: string) =>
  queryOptions({
    queryKey: studioKeys.siteDraftPage(siteId, slug),
    queryFn: ({ signal }) => getDraftPage(siteId, slug, signal),
    refetchOnMount: 'always',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** One page as the draft has it; its screen edits it only once it is answered afresh (`isFetchedAfterMount`). */
export function useDraftPage(siteId: string, slug: string) {
  return useQuery(draftPageQueryOptions(siteId, slug));
}

/**
 * What the studio asks again once a page changed in the draft: the draft's changes (the
 * publishing screen lists them), its pages, its preview (a new address shows the page as
 * it now is) and the audit log, which has the change now. The page itself is the answer
 * (a save), or gone (a removal).
 */
function invalidateAfterPageChange(queryClient: QueryClient, siteId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: studioKeys.siteDraft(siteId), exact: true }),
    queryClient.invalidateQueries({ queryKey: studioKeys.siteDraftPages(siteId), exact: true }),
    queryClient.invalidateQueries({ queryKey: studioKeys.sitePreviews(siteId) }),
    queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
  ]);
}

/**
 * Writes a page, whole, to the draft (a new one, or one replaced): the answer, the page as
 * the draft now has it (the PageRecord GET answers), is kept as the page's; a refusal (400)
 * names the field at fault.
 */
export function useSaveDraftPage(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (page: PageRecord & { slug: string }) => saveDraftPage(siteId, page),
    onSuccess: (saved, page) => {
      queryClient.setQueryData(studioKeys.siteDraftPage(siteId, page.slug), saved);
      return invalidateAfterPageChange(queryClient, siteId);
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}

/** Removes a page from the site in the draft: its publishing takes the page off the site. */
export function useRemoveDraftPage(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slug: string) => removeDraftPage(siteId, slug),
    onSuccess: (_nothing, slug) =>
      Promise.all([
        // Gone from the draft: asked for again (404) only where it is opened again, not by the screen closing now.
        queryClient.invalidateQueries({ queryKey: studioKeys.siteDraftPage(siteId, slug), exact: true, refetchType: 'none' }),
        invalidateAfterPageChange(queryClient, siteId),
      ]),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
