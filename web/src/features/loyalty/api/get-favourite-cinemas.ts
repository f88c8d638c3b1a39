import { queryOptions, useQuery } from '@tanstack/react-query';
import { favoriteCinemas, keepsFavouriteCinemas, type FavoriteCinema } from '../utils/favourites';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

/** The member's favourite theaters, each with its newsletter subscription. */
export async function getFavouriteCinemas({ call, routes, context }: LoyaltyApi): Promise<FavoriteCinema[]> {
  return favoriteCinemas(await call({ method: 'GET', route: routes.favoriteCinemas() }), context.brand);
}

export const favouriteCinemasQueryOptions = (api: LoyaltyApi) =>
  queryOptions({
    queryKey: loyaltyKeys.favouriteCinemas(api.member?.memberId ?? ''),
    queryFn: () => getFavouriteCinemas(api),
    enabled: keepsFavouriteCinemas(api.member),
  });

export function useFavouriteCinemas() {
  return useQuery(favouriteCinemasQueryOptions(useLoyaltyApi()));
}
