import { lazy, Suspense } from 'react';
import { Deferred } from '@/components/deferred';
import { PageTitle } from '@/components/page-title';
import { useTranslate } from '@/lib/i18n';
import { useSelectedTheater } from '@/lib/selected-theater';
import { MovieDetails } from '@/features/movies/components/movie-details';
import { useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import { ShowtimeSchedule } from '@/features/showtimes/components/showtime-schedule';
import { resolveCurrentTheater } from '@/features/theaters/utils/current-theater';
import { NotFoundRoute } from './not-found';
import { useRoutePageData } from './route-page-data';
import styles from './section-heading.module.css';

// Members only: its code loads once the page's first screen is on screen.
const WatchlistButton = lazy(async () => ({
  default: (await import('@/features/loyalty/components/watchlist-button')).WatchlistButton,
}));

export function MovieRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const { selectedTheaterId } = useSelectedTheater();
  const { content, fallback } = useRoutePageData('movie');
  const movie = content?.movie;
  if (!movie) return fallback ?? <NotFoundRoute />;

  // The page is published with every theater's showtimes of the coming week; once the
  // visitor has chosen a theater (known in the browser only) it lists that theater's.
  const theaters = appData?.theaters ?? [];
  const currentTheater = resolveCurrentTheater(theaters, {
    isSingleLocation: Boolean(appData?.site?.config?.isSingleLocation),
    selectedTheaterId,
  });
  const showtimes = (content.showtimes ?? []).filter(
    (showtime) => !currentTheater || showtime.theaterId === currentTheater.id,
  );

  return (
    <>
      <PageTitle page={movie.title} site={siteName(appData?.site)} />
      <MovieDetails
        movie={movie}
        actions={
          <Deferred>
            <Suspense fallback={null}>
              <WatchlistButton movieId={movie.id} title={movie.title ?? ''} />
            </Suspense>
          </Deferred>
        }
      />
      <section className={`container page ${styles.section}`} aria-labelledby="showtimes">
        <div className={styles.header}>
          <h2 id="showtimes" className={styles.title}>
            {currentTheater
              ? t('movie.showtimesAt', { theaterName: currentTheater.name ?? '' })
              : t('movie.showtimes')}
          </h2>
        </div>
        {showtimes.length === 0 ? (
          <p>{t('movie.noShowtimes')}</p>
        ) : (
          <ShowtimeSchedule
            showtimes={showtimes}
            theaters={theaters}
            showTheaterNames={!currentTheater}
            movie={movie}
          />
        )}
      </section>
    </>
  );
}
