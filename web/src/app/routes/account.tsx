// The member area, its watchlist showing the films of the site's movie list.
import { AccountArea } from '@/features/loyalty/components/account/account-area';
import { WatchlistScreen } from '@/features/loyalty/components/account/watchlist-screen';
import { useMovies } from '@/features/movies/api/get-movies';

function Watchlist() {
  const movies = useMovies();
  return <WatchlistScreen movies={movies} />;
}

export function AccountRoute() {
  return <AccountArea watchlist={<Watchlist />} />;
}
