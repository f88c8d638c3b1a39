import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { getPublishing, republishSite } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/**
 * How often the deployment's publishing is asked for again while its screen is open: a
 * site published again takes from a few seconds to minutes, and a revision of the
 * catalogue is published as soon as it is committed.
 */
export const PUBLISHING_REFRESH_MS = 15 * 1000;

/** The server refused the staff member (403: not an operator, or no longer one). */
function isRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/**
 * Every site's publishing and the published store's use, asked for again every 15 seconds
 * while the screen is open (not while the studio's tab is hidden), but no more once the
 * server has refused the staff member: it would only refuse again.
 */
export const publishingQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.publishing(),
    queryFn: ({ signal }) => getPublishing(signal),
    refetchInterval: (query) => (isRefused(query.state.error) ? false : PUBLISHING_REFRESH_MS),
  });

/** The deployment's publishing; asks nothing while `enabled` is false (someone who is not an operator). */
export function usePublishing(enabled = true) {
  return useQuery({ ...publishingQueryOptions(), enabled });
}

/**
 * Publishes a site again in full, by its id (an operator's call). The server answers at
 * once with the revision asked for, which the site's publisher then renders: the
 * deployment's publishing is asked for again (it shows the site publishing, then the new
 * revision), with the site's audit log, which has the request now.
 */
export function useRepublishSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (siteId: string) => republishSite(siteId),
    onSuccess: (_republished, siteId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.publishing() }),
        queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) }),
      ]),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
