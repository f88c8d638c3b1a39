// The watchlist (docs/loyalty.md#favourites) as the movie page's button and the
// watchlist screen use it: the ids, a toggle, which film is being changed and the last error.

import { useFavouriteFilms } from '../api/get-favourite-films';
import { useToggleFavouriteFilm } from '../api/toggle-favourite-film';

export function useWatchlist() {
  const films = useFavouriteFilms();
  const change = useToggleFavouriteFilm();
  const ids = films.data ?? [];
  return {
    ids,
    isPending: films.isLoading,
    /** Resolves true when the film was added (the alerts offer follows an add), false otherwise. */
    toggle: (filmId: string) => {
      const adding = !ids.includes(filmId);
      return change.mutateAsync({ filmId, adding }).then(
        () => adding,
        () => false,
      );
    },
    pendingId: change.isPending ? change.variables.filmId : undefined,
    error: change.error,
  };
}
