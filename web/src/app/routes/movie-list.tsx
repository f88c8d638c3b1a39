import { useSearchParams } from 'react-router';
import { ErrorNotice } from '@/components/error-notice';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/lib/i18n';
import { useMovies } from '@/features/movies/api/get-movies';
import { MovieGrid } from '@/features/movies/components/movie-grid';
import { PlayWeekFilter } from '@/features/movies/components/play-week-filter';
import { groupByPlayWeek, isPlayWeek, playWeekMessageKey } from '@/features/movies/utils/play-week';
import { useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import styles from './section-heading.module.css';

export function MovieListRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const [searchParams] = useSearchParams();
  const requested = searchParams.get('playWeek');
  const playWeek = isPlayWeek(requested) ? requested : undefined;
  // The unfiltered list names the weeks worth offering; the filtered one is what shows.
  const allMovies = useMovies();
  const movies = useMovies({ playWeek });
  const weeks = groupByPlayWeek(allMovies.data ?? []).map((group) => group.playWeek);

  return (
    <div className="container page">
      <PageTitle page={t('movies.title')} site={siteName(appData?.site)} />
      <h1 className="page-title">{t('movies.title')}</h1>
      <PlayWeekFilter weeks={weeks} selected={playWeek} />
      {movies.isPending ? (
        <Spinner label={t('status.loading')} />
      ) : movies.isError ? (
        <ErrorNotice title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void movies.refetch()} />
      ) : movies.data.length === 0 ? (
        <p>{t('movies.empty')}</p>
      ) : playWeek ? (
        <MovieGrid movies={movies.data} eagerCount={6} />
      ) : (
        groupByPlayWeek(movies.data).map((group, index) => (
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
