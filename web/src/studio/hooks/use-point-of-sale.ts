import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPointOfSale, setPointOfSale, type PointOfSaleSetting } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/** How often a theater's point of sale is asked for again while its screen is open: its health is the connector's, which polls every minute. */
export const POINT_OF_SALE_REFRESH_MS = 30 * 1000;

/**
 * A theater's point of sale: its link and health, asked for again every 30 seconds while
 * its screen is open (not while the studio's tab is hidden), so that the last poll, its
 * last failure and the last hour's counts stay current.
 */
export const pointOfSaleQueryOptions = (siteId: string, theaterId: string) =>
  queryOptions({
    queryKey: studioKeys.sitePointOfSale(siteId, theaterId),
    queryFn: ({ signal }) => getPointOfSale(siteId, theaterId, signal),
    refetchInterval: POINT_OF_SALE_REFRESH_MS,
  });

export function usePointOfSale(siteId: string, theaterId: string) {
  return useQuery(pointOfSaleQueryOptions(siteId, theaterId));
}

/**
 * Links a theater to its point of sale, or unlinks it, at once (not through the draft):
 * the answer, the point of sale as now set, is kept as the theater's; a refusal (400)
 * names the field at fault. Then the site's audit log, which has the change now, is asked
 * for again. The setting sent may hold a token: the mutation is forgotten as soon as
 * nothing observes it (`gcTime` 0), as an ingest key's text is.
 */
export function useSetPointOfSale(siteId: string, theaterId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: PointOfSaleSetting) => setPointOfSale(siteId, theaterId, setting),
    gcTime: 0,
    onSuccess: (state) => {
      queryClient.setQueryData(studioKeys.sitePointOfSale(siteId, theaterId), state);
      return queryClient.invalidateQueries({ queryKey: studioKeys.siteAudit(siteId) });
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
