import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reward } from '../types';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

/** Orders the reward, then confirms the order (a call without the session header). */
export async function redeemReward({ call, routes }: LoyaltyApi, reward: Reward): Promise<Reward> {
  const ordered = await call({ method: 'POST', route: routes.orderLoyaltyItem(), payload: { rewardId: reward.rewardId } });
  await call({ method: 'POST', route: routes.confirmItemRedemption(), payload: { orderId: ordered.orderId }, anonymous: true });
  return reward;
}

/** Redeeming spends points: the member's balance and every list of theirs are read again. */
export function useRedeemReward() {
  const queryClient = useQueryClient();
  const api = useLoyaltyApi();
  return useMutation({
    mutationFn: (reward: Reward) => redeemReward(api, reward),
    onSuccess: async () => {
      await api.refresh();
      await queryClient.invalidateQueries({ queryKey: loyaltyKeys.member(api.member?.memberId ?? '') });
    },
  });
}
