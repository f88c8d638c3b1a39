import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoyaltyCard } from '../types';
import { cardsIn } from './get-cards';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

export type CardChange = { kind: 'add' | 'delete'; cardCode: string } | { kind: 'lost' };

/** Adds or deletes a card (its code upper-cased, docs/loyalty.md#cards), or reports them all lost. */
export async function updateCards({ call, routes }: LoyaltyApi, change: CardChange): Promise<LoyaltyCard[]> {
  if (change.kind === 'lost') return cardsIn(await call({ method: 'GET', route: routes.reportLostCard() }));
  const route = change.kind === 'add' ? routes.addCard() : routes.deleteCard();
  return cardsIn(await call({ method: 'POST', route, payload: { cardCode: change.cardCode.toUpperCase() } }));
}

/** Each change answers with the new list, which replaces the cached one. */
export function useUpdateCards() {
  const queryClient = useQueryClient();
  const api = useLoyaltyApi();
  return useMutation({
    mutationFn: (change: CardChange) => updateCards(api, change),
    onSuccess: (cards) => queryClient.setQueryData(loyaltyKeys.cards(api.member?.memberId ?? ''), cards),
  });
}
