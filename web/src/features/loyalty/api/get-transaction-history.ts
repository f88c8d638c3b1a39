import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PointTransaction } from '../types';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

const MAX_TRANSACTIONS = 20;

/** The member's points earned and spent, newest first. */
export async function getTransactionHistory({ call, routes }: LoyaltyApi): Promise<PointTransaction[]> {
  const reply = await call({ method: 'GET', route: routes.transactionHistory(MAX_TRANSACTIONS) });
  return (reply.transactions ?? []) as PointTransaction[];
}

export const transactionHistoryQueryOptions = (api: LoyaltyApi) =>
  queryOptions({
    queryKey: loyaltyKeys.transactions(api.member?.memberId ?? ''),
    queryFn: () => getTransactionHistory(api),
  });

export function useTransactionHistory() {
  return useQuery(transactionHistoryQueryOptions(useLoyaltyApi()));
}
