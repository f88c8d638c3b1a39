// The member's favourite films (the watchlist), with the movie's poster and a remove button.
// The films come from the site's movie list, which the member area's route gives.

import { Link } from '@/components/link';
import { Poster } from '@/components/poster';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import type { Movie } from '@/types/api';
import { useWatchlist } from '../../hooks/use-watchlist';
import styles from './account.module.css';

export function WatchlistScreen({ movies }: { movies: { data: Movie[] | undefined; isPending: boolean } }) {
  const t = useTranslate();
  const { ids, isPending, toggle, pendingId } = useWatchlist();
  if (isPending || movies.isPending) return <Spinner label={t('status.loading')} />;
  const films = (movies.data ?? []).filter((movie) => ids.includes(movie.id));
  return (
    <section className={styles.panel} aria-labelledby="watchlist-title">
      <h2 id="watchlist-title">{t('loyalty.watchlist.title')}</h2>
      {films.length === 0 ? <p className={styles.muted}>{t('loyalty.watchlist.empty')}</p> : null}
      <ul className={styles.films}>
        {films.map((movie) => (
          <li key={movie.id} data-testid="watchlist-film">
            <Link to={paths.movie.build(movie)} decorative>
              <Poster src={movie.posterUrl} alt="" />
            </Link>
            <Link to={paths.movie.build(movie)}>{movie.title}</Link>
            <button
              type="button"
              className="button button-secondary"
              disabled={pendingId === movie.id}
              onClick={() => void toggle(movie.id)}
              aria-label={t('loyalty.watchlist.removeLabel', [movie.title ?? ''])}
            >
              {t('loyalty.watchlist.remove')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
