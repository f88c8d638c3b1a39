import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getDraftTheater, getDraftTheaters, saveDraftTheater, type TheaterDetails } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/** The site's theaters as the draft has them, each with where it stands. */
export const draftTheatersQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteDraftTheaters(siteId),
    queryFn: ({ signal }) => getDraftTheaters(siteId, signal),
  });

/** The site's theaters as the draft has them; asks nothing while `enabled` is false (the publishing screen asks only for a draft that changes a theater, to name it). */
export function useDraftTheaters(siteId: string, enabled = true) {
  return useQuery({ ...draftTheatersQueryOptions(siteId), enabled });
}

/**
 * One theater as the draft describes it. Asked for again each time its screen opens,
 * whatever the cache holds, as an event is (use-draft-events.ts): a save sends the
 * theater's fields whole, so the form starts from the theater as it is now, never from a
 * copy kept since an earlier visit.
 */
export const draftTheaterQueryOptions = (siteId: string, id: string) =>
  queryOptions({
    queryKey: studioKeys.siteDraftTheater(siteId, id),
    queryFn: ({ signal }) => getDraftTheater(siteId, id, signal),
    refetchOnMount: 'always',
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

/**
 * One theater as the draft describes it; its screen edits it only once it is answered
 * afresh (`isFetchedAfterMount`). With `enabled` false it asks nothing, and gives what
 * another reader of it was answered (the screen's title names the theater so).
 */
export function useDraftTheater(siteId: string, id: string, enabled = true) {
  return useQuery({ ...draftTheaterQueryOptions(siteId, id), enabled });
}

/**
 * Writes a theater's descriptive fields, whole, to the draft: the answer, the theater as
 * the draft now describes it, is kept as the theater's; a refusal (400) names the field at
 * fault. Then the studio asks again for what the change changes: the draft's changes (the
 * publishing screen lists them), its theaters (where each stands), its preview and the
 * audit log, which has the change now.
 */
export function useSaveDraftTheater(siteId: string, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (details: TheaterDetails) => saveDraftTheater(siteId, id, details),
    onSuccess: (saved) => {
      queryClient.setQueryData(studioKeys.siteDraftTheater(siteId, id), saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.siteDraft(siteId), exact: true }),
        queryClient.invalidateQueries({ queryKey: studioKeys.siteDraftTheaters(siteId), exact: true }),
        queryClient.invalidateQueries({ queryKey: studioKeys.sitePreviews(siteId) }),
        queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
      ]);
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
