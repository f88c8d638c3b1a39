import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EVoucherConcession } from '../types';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

/** The e-voucher concessions on sale at the context's theater (an anonymous call). */
export async function getEVouchers({ call, routes }: LoyaltyApi): Promise<EVoucherConcession[]> {
  const reply = await call({ method: 'GET', route: routes.eVoucherConcessions(), anonymous: true });
  return (reply.concessions ?? []) as EVoucherConcession[];
}

export const eVouchersQueryOptions = (api: LoyaltyApi) =>
  queryOptions({
    queryKey: loyaltyKeys.eVouchers(api.context.cinemaId),
    queryFn: () => getEVouchers(api),
  });

export function useEVouchers() {
  return useQuery(eVouchersQueryOptions(useLoyaltyApi()));
}
