import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '@/lib/api-client';
import type { AdsConfig } from '@/types/api';
import type { AdPageInputs } from '../utils/ad-page';
import { adsKeys } from './ads-keys';

export function getAdsConfig(inputs: AdPageInputs, { signal }: { signal?: AbortSignal } = {}): Promise<AdsConfig> {
  return getJson<AdsConfig>('/api/v1/ads/config', {
    signal,
    query: {
      path: inputs.path,
      theaterId: inputs.theaterId,
      movieId: inputs.movieId,
      pageTitle: inputs.pageTitle,
      scheduledMovieIds: inputs.scheduledMovieIds?.join(','),
      isLoggedIn: inputs.isLoggedIn === undefined ? undefined : String(inputs.isLoggedIn),
    },
  });
}

export const adsConfigQueryOptions = (inputs: AdPageInputs, enabled: boolean) =>
  queryOptions({
    queryKey: adsKeys.config(inputs),
    enabled,
    queryFn: ({ signal }) => getAdsConfig(inputs, { signal }),
    staleTime: 5 * 60 * 1000,
    // The slots stay in place while the next page's set-up loads.
    placeholderData: keepPreviousData,
  });

export function useAdsConfig(inputs: AdPageInputs, enabled: boolean) {
  return useQuery(adsConfigQueryOptions(inputs, enabled));
}
