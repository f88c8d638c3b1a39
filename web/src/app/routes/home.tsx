import { Link } from 'react-router';
import { ErrorNotice } from '@/components/error-notice';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useTranslate } from '@/lib/i18n';
import { useMovies } from '@/features/movies/api/get-movies';
import { MovieGrid } from '@/features/movies/components/movie-grid';
import { MovieHero } from '@/features/movies/components/movie-hero';
import {
  COMING_SOON_WEEKS,
  groupByPlayWeek,
  NOW_SHOWING,
  playWeekMessageKey,
} from '@/features/movies/utils/play-week';
import { useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import styles from './section-heading.module.css';

// How many now-showing movies the hero offers.
const HERO_MOVIES = 5;

export function HomeRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const movies = useMovies();
  const title = <PageTitle site={siteName(appData?.site)} />;

  if (movies.isPending) {
    return (
      <>
        {title}
        <Spinner label={t('status.loading')} />
      </>
    );
  }
  if (movies.isError) {
    return (
      <>
        {title}
        <ErrorNotice title={t('error.title')} retryLabel={t('error.retry')} onRetry={() => void movies.refetch()} />
      </>
    );
  }

  const nowShowing = movies.data.filter((movie) => movie.playWeek === NOW_SHOWING);
  const comingSoon = groupByPlayWeek(movies.data, COMING_SOON_WEEKS);
  return (
    <>
      {title}
      {nowShowing.length > 0 ? <MovieHero movies={nowShowing.slice(0, HERO_MOVIES)} /> : null}
      <div className="container">
        <section className={styles.section} aria-labelledby="now-showing" data-testid="now-showing">
          <div className={styles.header}>
            <h2 id="now-showing" className={styles.title}>
              {t('home.nowShowing')}
            </h2>
            <Link to={paths.movies.build({ playWeek: NOW_SHOWING })} className={styles.seeAll}>
              {t('home.seeAll')}
            </Link>
          </div>
          {nowShowing.length > 0 ? (
            <MovieGrid movies={nowShowing} eagerCount={6} />
          ) : (
            <p>{t('movies.empty')}</p>
          )}
        </section>
        {comingSoon.length > 0 ? (
          <section className={`${styles.section} page`} aria-labelledby="coming-soon" data-testid="coming-soon">
            <div className={styles.header}>
              <h2 id="coming-soon" className={styles.title}>
                {t('home.comingSoon')}
              </h2>
            </div>
            {comingSoon.map((group) => (
              <div key={group.playWeek}>
                <h3 className={styles.subtitle}>{t(playWeekMessageKey(group.playWeek))}</h3>
                <MovieGrid movies={group.movies} />
              </div>
            ))}
          </section>
        ) : null}
      </div>
    </>
  );
}
