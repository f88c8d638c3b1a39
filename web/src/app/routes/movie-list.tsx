import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/lib/i18n';
import { useLocation } from 'react-router';
import { useMovies } from '@/features/movies/api/get-movies';
import { MovieGrid } from '@/features/movies/components/movie-grid';
import { MovieListFilters } from '@/features/movies/components/movie-list-filters';
import { applyMovieFilters, hasNarrowingFilter, readMovieListFilters } from '@/features/movies/utils/movie-filters';
import { groupByPlayWeek, playWeekMessageKey } from '@/features/movies/utils/play-week';
import { useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import { useShowtimes } from '@/features/showtimes/api/get-showtimes';
import { formatShowDate } from '@/features/showtimes/utils/format-showtime';
import { showtimeDates } from '@/features/showtimes/utils/showtime-days';
import { PageLoadFailure } from '../page-load-failure';
import styles from './section-heading.module.css';

export function MovieListRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const { search } = useLocation();
  const filters = readMovieListFilters(search);
  const isSingleLocation = Boolean(appData?.site?.config?.isSingleLocation);
  // The unfiltered list names the weeks worth offering; the filtered one is what shows.
  const allMovies = useMovies();
  const movies = useMovies({ playWeek: filters.playWeek, theaterId: filters.theaterId });
  // The days on offer, and which movies play on the chosen one.
  const showtimes = useShowtimes({ theaterId: filters.theaterId });
  const weeks = groupByPlayWeek(allMovies.data ?? []).map((group) => group.playWeek);
  const shown = movies.data ? applyMovieFilters(movies.data, filters, showtimes.data) : [];
  const waiting = movies.isPending || (filters.date !== undefined && showtimes.isPending);

  return (
    <div className="container page">
      <PageTitle page={t('movies.title')} site={siteName(appData?.site)} />
      <h1 className="page-title">{t('movies.title')}</h1>
      <MovieListFilters
        filters={filters}
        weeks={weeks}
        theaters={isSingleLocation ? [] : (appData?.theaters ?? [])}
        dates={showtimeDates(showtimes.data ?? [])}
        formatDate={(date) => formatShowDate(date, t.locale)}
      />
      {waiting ? (
        <Spinner label={t('status.loading')} />
      ) : movies.isError ? (
        <PageLoadFailure error={movies.error} />
      ) : shown.length === 0 ? (
        <p data-testid="movies-empty">{t('movies.empty')}</p>
      ) : filters.playWeek || hasNarrowingFilter(filters) ? (
        <MovieGrid movies={shown} eagerCount={6} />
      ) : (
        groupByPlayWeek(shown).map((group, index) => (
          <section key={group.playWeek} aria-labelledby={`week-${group.playWeek}`} data-testid="play-week-group">
            <h2 id={`week-${group.playWeek}`} className={styles.subtitle}>
              {t(playWeekMessageKey(group.playWeek))}
            </h2>
            <MovieGrid movies={group.movies} eagerCount={index === 0 ? 6 : 0} />
          </section>
        ))
      )}
    </div>
  );
}
