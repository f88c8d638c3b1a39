import { useQuery } from '@tanstack/react-query';
import { PageTitle } from '@/components/page-title';
import { useTranslate } from '@/state/i18n';
import { usePageSearch } from '@/lib/hydration';
import { moviesQueryOptions } from '@/features/movies/api/get-movies';
import { MovieGrid } from '@/features/movies/components/movie-grid';
import { MovieListFilters } from '@/features/movies/components/movie-list-filters';
import { applyMovieFilters, hasNarrowingFilter, readMovieListFilters } from '@/features/movies/utils/movie-filters';
import { groupByPlayWeek, playWeekMessageKey } from '@/features/movies/utils/play-week';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import { useShowtimes } from '@/features/showtimes/api/get-showtimes';
import { useOfferedShowtimes } from '@/features/showtimes/hooks/use-offered-showtimes';
import { formatShowDate } from '@/features/showtimes/utils/format-showtime';
import { showtimeDates } from '@/features/showtimes/utils/showtime-days';
import { PageLoadFailure } from '../page-load-failure';
import { useRoutePageData } from './route-page-data';
import styles from './section-heading.module.css';

export function MovieListRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  // The page is published unfiltered; the address's filters apply once hydrated.
  const filters = readMovieListFilters(usePageSearch());
  const isSingleLocation = Boolean(appData?.site.config?.isSingleLocation);
  const { content, fallback } = useRoutePageData('movieList');
  // The whole list names the weeks worth offering. Play week and theater are applied
  // by the API, the list on screen staying until the filtered one has arrived.
  const allMovies = content?.movies;
  const apiFilters = { playWeek: filters.playWeek, theaterId: filters.theaterId };
  const filtered = useQuery({
    ...moviesQueryOptions(apiFilters),
    enabled: Boolean(allMovies && (apiFilters.playWeek || apiFilters.theaterId)),
    placeholderData: (previous) => previous ?? allMovies,
  });
  // The days with showtimes still offered, and which movies play on the chosen one.
  const showtimes = useShowtimes({ theaterId: filters.theaterId });
  const offered = useOfferedShowtimes(showtimes.data ?? []);
  const weeks = groupByPlayWeek(allMovies ?? []).map((group) => group.playWeek);
  const movies = (apiFilters.playWeek || apiFilters.theaterId ? filtered.data : allMovies) ?? [];
  // A day applies once its showtimes are in.
  const applied = showtimes.data ? filters : { ...filters, date: undefined };
  const shown = applyMovieFilters(movies, applied, offered);

  return (
    <div className="container page">
      <PageTitle page={t('movies.title')} site={siteName(appData?.site)} />
      <h1 className="page-title">{t('movies.title')}</h1>
      <MovieListFilters
        filters={filters}
        weeks={weeks}
        theaters={isSingleLocation ? [] : (appData?.theaters ?? [])}
        dates={showtimeDates(offered)}
        formatDate={(date) => formatShowDate(date, t.locale)}
      />
      {!content ? (
        fallback
      ) : filtered.isError ? (
        <PageLoadFailure error={filtered.error} />
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
