import { queryOptions, useQuery } from '@tanstack/react-query';
import { favouriteFilmIds } from '../utils/favourites';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

/** The ids of the member's favourite films: the watchlist. */
export async function getFavouriteFilms({ call, routes, context }: LoyaltyApi): Promise<string[]> {
  return favouriteFilmIds(await call({ method: 'GET', route: routes.favoriteFilms() }), context.brand);
}

export const favouriteFilmsQueryOptions = (api: LoyaltyApi) =>
  queryOptions({
    queryKey: loyaltyKeys.favouriteFilms(api.member?.memberId ?? ''),
    queryFn: () => getFavouriteFilms(api),
    // docs/loyalty.md#favourites: loaded only with a member, and only sites with a
    // watchlist have one.
    enabled: Boolean(api.member) && Boolean(api.config.includeWatchlist),
  });

export function useFavouriteFilms() {
  return useQuery(favouriteFilmsQueryOptions(useLoyaltyApi()));
}
