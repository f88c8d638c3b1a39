// The member area, its watchlist showing the films of the site's movie list.
import { useLocation } from 'react-router';
import { isAccountPage } from '@/config/paths';
import { AccountArea } from '@/features/loyalty/components/account/account-area';
import { WatchlistScreen } from '@/features/loyalty/components/account/watchlist-screen';
import { useMovies } from '@/features/movies/api/get-movies';
import { withoutPreviewPrefix } from '@/rules/link-rules';
import { NotFoundRoute } from './not-found';

function Watchlist() {
  const movies = useMovies();
  return <WatchlistScreen movies={movies} />;
}

export function AccountRoute() {
  const { pathname } = useLocation();
  // No screen at this address: the 404 page, as the gateway answers a full load of it.
  if (!isAccountPage(withoutPreviewPrefix(pathname))) return <NotFoundRoute />;
  return <AccountArea watchlist={<Watchlist />} />;
}
