import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Order } from '../types';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

/** The history screen's length; the overview shows the first few of the same list. */
const MAX_ORDERS = 10;

/** The member's orders, newest first. */
export async function getOrderHistory({ call, routes }: LoyaltyApi): Promise<Order[]> {
  return ((await call({ method: 'GET', route: routes.orderHistory(MAX_ORDERS) })).orders ?? []) as Order[];
}

export const orderHistoryQueryOptions = (api: LoyaltyApi) =>
  queryOptions({
    queryKey: loyaltyKeys.orders(api.member?.memberId ?? ''),
    queryFn: () => getOrderHistory(api),
  });

export function useOrderHistory() {
  return useQuery(orderHistoryQueryOptions(useLoyaltyApi()));
}
