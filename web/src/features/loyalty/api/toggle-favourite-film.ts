import { useMutation, useQueryClient } from '@tanstack/react-query';
import { favouriteFilmPayload } from '../utils/favourites';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

export type FavouriteFilmChange = { filmId: string; adding: boolean };

/** Adds the film to the member's favourites, or removes it. */
export async function toggleFavouriteFilm({ call, routes, context }: LoyaltyApi, { filmId, adding }: FavouriteFilmChange) {
  await call({
    method: 'POST',
    route: adding ? routes.addFavoriteFilm() : routes.removeFavoriteFilm(),
    payload: favouriteFilmPayload(filmId, context.brand),
  });
}

/** On peachCode 0 the cached list follows; on any other answer it stays as it was (docs/loyalty.md#favourites). */
export function useToggleFavouriteFilm() {
  const queryClient = useQueryClient();
  const api = useLoyaltyApi();
  return useMutation({
    mutationFn: (change: FavouriteFilmChange) => toggleFavouriteFilm(api, change),
    onSuccess: (_reply, { filmId, adding }) =>
      queryClient.setQueryData(loyaltyKeys.favouriteFilms(api.member?.memberId ?? ''), (ids: string[] = []) =>
        adding ? [...ids, filmId] : ids.filter((id) => id !== filmId),
      ),
  });
}
