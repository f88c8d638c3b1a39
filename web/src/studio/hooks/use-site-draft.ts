import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { discardDraft, getDraft, getDraftSite, patchDraftSite, publishDraft, type MergePatch, type PublishRequest } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/** The site's draft: each record it changes, and its publishing at a time. */
export const siteDraftQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteDraft(siteId),
    queryFn: ({ signal }) => getDraft(siteId, signal),
  });

export function useSiteDraft(siteId: string) {
  return useQuery(siteDraftQueryOptions(siteId));
}

/**
 * What the studio asks again once the site's published records changed (the draft
 * published or scheduled, discarded, a revision restored): the draft, the history and the
 * audit log, which has the change now.
 */
export function invalidateAfterPublishing(queryClient: QueryClient, siteId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: studioKeys.siteDraft(siteId) }),
    queryClient.invalidateQueries({ queryKey: studioKeys.siteRevisions(siteId) }),
    queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
  ]);
}

/**
 * Publishes the site's draft now, or schedules it (`publishAt`); a 409 names the records
 * changed since, which `overwrite` publishes over.
 */
export function usePublishDraft(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: PublishRequest) => publishDraft(siteId, request),
    onSuccess: () => invalidateAfterPublishing(queryClient, siteId),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}

/** Discards the site's draft, and its publishing at a time. */
export function useDiscardDraft(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => discardDraft(siteId),
    onSuccess: () => invalidateAfterPublishing(queryClient, siteId),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}

/** The site's document as the draft has it (its name, settings and look). */
export const draftSiteQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteDraftDocument(siteId),
    queryFn: ({ signal }) => getDraftSite(siteId, signal),
  });

export function useDraftSite(siteId: string) {
  return useQuery(draftSiteQueryOptions(siteId));
}

/**
 * Saves a merge patch of the site's document to the draft. The answer is the document as
 * the draft now has it, kept as it is; the draft's changes, its preview and the audit log,
 * which have the change now, are asked for again.
 */
export function useSaveDraftSite(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: MergePatch) => patchDraftSite(siteId, patch),
    onSuccess: (document) => {
      queryClient.setQueryData(studioKeys.siteDraftDocument(siteId), document);
      return Promise.all([
        // The changes alone: the document under the same key is the answer, set above.
        queryClient.invalidateQueries({ queryKey: studioKeys.siteDraft(siteId), exact: true }),
        // The preview shows the draft: a new address reloads its frame.
        queryClient.invalidateQueries({ queryKey: studioKeys.sitePreviews(siteId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
      ]);
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
