import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Reward } from '../types';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

/** The rewards the member can spend points on. */
export async function getRewards({ call, routes }: LoyaltyApi): Promise<Reward[]> {
  return ((await call({ method: 'GET', route: routes.rewards() })).rewards ?? []) as Reward[];
}

export const rewardsQueryOptions = (api: LoyaltyApi) =>
  queryOptions({
    queryKey: loyaltyKeys.rewards(api.member?.memberId ?? ''),
    queryFn: () => getRewards(api),
  });

export function useRewards() {
  return useQuery(rewardsQueryOptions(useLoyaltyApi()));
}
