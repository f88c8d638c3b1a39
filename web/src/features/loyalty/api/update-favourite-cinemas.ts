import { useMutation, useQueryClient } from '@tanstack/react-query';
import { favoriteCinemas, withNewsletter, type FavoriteCinema } from '../utils/favourites';
import { LoyaltyReplyError } from './call-cypher';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

export type FavouriteCinemaChange =
  | { kind: 'add'; cinemaId: string }
  | { kind: 'remove'; cinemaId: string }
  /** `favourites` is the list the member sees, in which one subscription changes. */
  | { kind: 'newsletter'; cinemaId: string; subscribe: boolean; favourites: FavoriteCinema[] };

/** Adds or removes a favourite theater, or changes one's newsletter; each answers with the new list. */
export async function updateFavouriteCinemas({ call, routes, context }: LoyaltyApi, change: FavouriteCinemaChange) {
  const cinemaId = `${context.brand}CinemaId`;
  const entry = (id: string, subscribe: boolean) => ({ [cinemaId]: id, subscribeToNewsletter: subscribe });
  if (change.kind === 'add') {
    return favoriteCinemas(
      await call({ method: 'POST', route: routes.addFavoriteCinema(), payload: { favoriteCinemas: entry(change.cinemaId, true) } }),
      context.brand,
    );
  }
  if (change.kind === 'remove') {
    return favoriteCinemas(
      await call({ method: 'POST', route: routes.removeFavoriteCinema(), payload: { [cinemaId]: change.cinemaId } }),
      context.brand,
    );
  }
  const next = withNewsletter(change.favourites, change.cinemaId, change.subscribe);
  return favoriteCinemas(
    await call({
      method: 'POST',
      route: routes.updateFavoriteCinemas(),
      payload: { favoriteCinemas: next.map((cinema) => entry(cinema.cinemaId, cinema.subscribeToNewsletter)) },
    }),
    context.brand,
  );
}

/**
 * The answered list replaces the cached one; add and remove also refresh the member session
 * (docs/loyalty.md#favourites). A newsletter box follows the click at once and goes back if
 * the call fails. A provider's refusal is the screen's to show (isFavouriteRefusal); a call
 * that never got an answer (the network, the gateway) is only logged, as
 * docs/loyalty.md#favourites says.
 */
export function useUpdateFavouriteCinemas() {
  const queryClient = useQueryClient();
  const api = useLoyaltyApi();
  const key = loyaltyKeys.favouriteCinemas(api.member?.memberId ?? '');
  return useMutation({
    mutationFn: (change: FavouriteCinemaChange) => updateFavouriteCinemas(api, change),
    onMutate: (change) => {
      if (change.kind === 'newsletter') queryClient.setQueryData(key, withNewsletter(change.favourites, change.cinemaId, change.subscribe));
    },
    onError: (error, change) => {
      if (change.kind === 'newsletter') queryClient.setQueryData(key, change.favourites);
      if (!isFavouriteRefusal(error)) console.warn('favourite theaters not changed', error);
    },
    onSuccess: async (cinemas, change) => {
      queryClient.setQueryData(key, cinemas);
      if (change.kind !== 'newsletter') await api.refresh();
    },
  });
}

/** Whether a failed change is the provider's refusal (a peachCode other than 0), which the member reads. */
export function isFavouriteRefusal(error: unknown): error is LoyaltyReplyError {
  return error instanceof LoyaltyReplyError;
}
