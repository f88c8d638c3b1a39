import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { getDraftEvent, getDraftEvents, removeDraftEvent, saveDraftEvent, type EventRecord } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/** The site's events as the draft has them, each with where it stands. */
export const draftEventsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteDraftEvents(siteId),
    queryFn: ({ signal }) => getDraftEvents(siteId, signal),
  });

/** The site's events; asks nothing while `enabled` is false (a screen that needs them only for a new event). */
export function useDraftEvents(siteId: string, enabled = true) {
  return useQuery({ ...draftEventsQueryOptions(siteId), enabled });
}

/**
 * One event as the draft has it. Asked for again each time its screen opens, whatever the
 * cache holds, as a page is (use-draft-pages.ts): a save sends the event whole, so the form
 * starts from the event as it is now, never from a copy kept since an earlier visit.
 */
export const draftEventQueryOptions = (siteId: string, id: string) =>
  queryOptions({
    queryKey: studioKeys.siteDraftEvent(siteId, id),
    queryFn: ({ signal }) => getDraftEvent(siteId, id, signal),
    refetchOnMount: 'always',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/** One event as the draft has it; its screen edits it only once it is answered afresh (`isFetchedAfterMount`). */
export function useDraftEvent(siteId: string, id: string) {
  return useQuery(draftEventQueryOptions(siteId, id));
}

/**
 * What the studio asks again once an event changed in the draft: the draft's changes (the
 * publishing screen lists them), its events, its preview and the audit log, which has the
 * change now. The event itself is the answer (a save), or gone (a removal).
 */
function invalidateAfterEventChange(queryClient: QueryClient, siteId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: studioKeys.siteDraft(siteId), exact: true }),
    queryClient.invalidateQueries({ queryKey: studioKeys.siteDraftEvents(siteId), exact: true }),
    queryClient.invalidateQueries({ queryKey: studioKeys.sitePreviews(siteId) }),
    queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
  ]);
}

/**
 * Writes an event, whole, to the draft (a new one, or one replaced): the answer, the event
 * as the draft now has it, is kept as the event's; a refusal (400, 422) names the field at fault.
 */
export function useSaveDraftEvent(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (event: EventRecord & { id: string }) => saveDraftEvent(siteId, event),
    onSuccess: (saved, event) => {
      queryClient.setQueryData(studioKeys.siteDraftEvent(siteId, event.id), saved);
      return invalidateAfterEventChange(queryClient, siteId);
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}

/** Removes an event from the site in the draft: its publishing takes the event off the site. */
export function useRemoveDraftEvent(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeDraftEvent(siteId, id),
    onSuccess: (_nothing, id) =>
      Promise.all([
        // Gone from the draft: asked for again (404) only where it is opened again, not by the screen closing now.
        queryClient.invalidateQueries({ queryKey: studioKeys.siteDraftEvent(siteId, id), exact: true, refetchType: 'none' }),
        invalidateAfterEventChange(queryClient, siteId),
      ]),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
