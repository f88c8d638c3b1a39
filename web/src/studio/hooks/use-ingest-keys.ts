import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { isNotFound } from '@/lib/api-client';
import { createIngestKey, getIngestKeys, revokeIngestKey, type IngestKey } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/** The site's ingest keys in use, oldest first. */
export const ingestKeysQueryOptions = (siteId: string) =>
  queryOptions({
    queryKey: studioKeys.siteIngestKeys(siteId),
    queryFn: ({ signal }) => getIngestKeys(siteId, signal),
  });

/** The site's ingest keys; asks nothing while `enabled` is false (the grants held do not let the staff member manage them). */
export function useIngestKeys(siteId: string, enabled = true) {
  return useQuery({ ...ingestKeysQueryOptions(siteId), enabled });
}

/** What the studio asks again once a key was made or revoked: the site's keys, and its audit log, which has the change now. */
function invalidateAfterKeyChange(queryClient: QueryClient, siteId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: studioKeys.siteIngestKeys(siteId) }),
    queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
  ]);
}

/**
 * Makes an ingest key for the site, labelled as given: the key with its text, which the
 * mutation's data alone holds (never a query's, so it is gone with the screen). Then the
 * keys, and the site's audit log, are asked for again.
 */
export function useCreateIngestKey(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (label: string) => createIngestKey(siteId, { label }),
    // The key's text is in this mutation's result alone: nothing keeps it once the screen goes.
    gcTime: 0,
    onSuccess: () => invalidateAfterKeyChange(queryClient, siteId),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}

/**
 * Revokes one of the site's ingest keys, then asks for the keys, and the site's audit log,
 * again. One revoked meanwhile (404: by another administrator) is revoked all the same.
 */
export function useRevokeIngestKey(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: IngestKey) => {
      try {
        await revokeIngestKey(siteId, key.id);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    onSuccess: () => invalidateAfterKeyChange(queryClient, siteId),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
