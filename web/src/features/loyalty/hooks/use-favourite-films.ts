// SPEC.md section 4 "Favourite films": loaded only with a member; adding or removing
// one calls the server and, on peachCode 0, updates the list; otherwise the list stays
// as it was and the error is kept to be shown.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLoyaltyApi } from '../api/loyalty-api';
import { loyaltyKeys } from '../api/loyalty-keys';
import { favouriteFilmIds, favouriteFilmPayload } from '../utils/favourites';

export function useFavouriteFilms() {
  const queryClient = useQueryClient();
  const { member, routes, call, context } = useLoyaltyApi();
  const key = loyaltyKeys.favouriteFilms(member?.memberId ?? '');
  const films = useQuery({
    queryKey: key,
    queryFn: async () => favouriteFilmIds(await call({ method: 'GET', route: routes.favoriteFilms() }), context.brand),
    enabled: Boolean(member),
  });
  const ids = films.data ?? [];
  const change = useMutation({
    mutationFn: async (filmId: string) => {
      const adding = !ids.includes(filmId);
      await call({
        method: 'POST',
        route: adding ? routes.addFavoriteFilm() : routes.removeFavoriteFilm(),
        payload: favouriteFilmPayload(filmId, context.brand),
      });
      return adding ? [...ids, filmId] : ids.filter((id) => id !== filmId);
    },
    onSuccess: (list) => queryClient.setQueryData(key, list),
  });
  return {
    ids,
    isPending: Boolean(member) && films.isPending,
    toggle: (filmId: string) => change.mutateAsync(filmId).catch(() => undefined),
    pendingId: change.isPending ? change.variables : undefined,
    error: change.error,
  };
}
