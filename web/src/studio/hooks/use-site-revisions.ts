import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRevisions, restoreRevision, type Revision } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';
import { invalidateAfterPublishing } from './use-site-draft';

/** The site's history: the revisions that changed its editable records, newest first. */
export const siteRevisionsQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteRevisions(siteId),
    queryFn: ({ signal }) => getRevisions(siteId, signal),
  });

export function useSiteRevisions(siteId: string) {
  return useQuery(siteRevisionsQueryOptions(siteId));
}

/**
 * Restores an earlier revision: its records are published again as a new revision, then
 * the history, the draft and the audit log are asked for again.
 */
export function useRestoreRevision(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: Revision) => restoreRevision(siteId, revision.revision),
    onSuccess: () => invalidateAfterPublishing(queryClient, siteId),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
