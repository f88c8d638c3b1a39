import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CypherReply, LoyaltyCard } from '../types';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

/** The card list of a reply: the cards calls all answer with the member's cards. */
export const cardsIn = (reply: CypherReply) => (reply.cards ?? []) as LoyaltyCard[];

/** The member's loyalty cards. */
export async function getCards({ call, routes }: LoyaltyApi): Promise<LoyaltyCard[]> {
  return cardsIn(await call({ method: 'GET', route: routes.cards() }));
}

export const cardsQueryOptions = (api: LoyaltyApi) =>
  queryOptions({
    queryKey: loyaltyKeys.cards(api.member?.memberId ?? ''),
    queryFn: () => getCards(api),
  });

export function useCards() {
  return useQuery(cardsQueryOptions(useLoyaltyApi()));
}
