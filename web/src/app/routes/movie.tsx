import { lazy, Suspense } from 'react';
import { Deferred } from '@/components/deferred';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { useSelectedTheater } from '@/state/selected-theater';
import { useTheaterFromAddress } from '@/state/use-theater-from-address';
import { MovieDetails } from '@/features/movies/components/movie-details';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import { TrailerButton } from '@/features/movies/components/trailer-dialog';
import { ShowtimeSchedule } from '@/features/showtimes/components/showtime-schedule';
import { TheatersShowing } from '@/features/showtimes/components/theaters-showing';
import { usePageShowtimes } from '@/features/showtimes/hooks/use-page-showtimes';
import { hasNoShowtimesYet } from '@/features/showtimes/utils/published-showtimes';
import { resolveCurrentTheater } from '@/rules/current-theater';
import type { Movie, PageContent, Theater } from '@/types/api';
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
  // An alert's link, ?theaterId=, opens the movie on the member's theater.
  useTheaterFromAddress();
  const { content, fallback } = useRoutePageData('movie');
  const movie = content?.movie;
  if (!movie) return fallback ?? <NotFoundRoute />;

  // The chosen theater is known in the browser only: the published page lists every
  // theater's showtimes (or, for a large chain, the theaters showing the movie).
  const theaters = appData?.theaters ?? [];
  const currentTheater = resolveCurrentTheater(theaters, {
    isSingleLocation: Boolean(appData?.site.config?.isSingleLocation),
    selectedTheaterId,
  });

  return (
    <>
      <PageTitle page={movie.title} site={siteName(appData?.site)} />
      <MovieDetails
        movie={movie}
        actions={
          <>
            <TrailerButton trailerUrl={movie.trailerUrl} title={movie.title ?? ''} />
            <Deferred>
              <Suspense fallback={null}>
                <WatchlistButton
                  movieId={movie.id}
                  title={movie.title ?? ''}
                  awaitingShowtimes={hasNoShowtimesYet(content)}
                />
              </Suspense>
            </Deferred>
          </>
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
        <MovieShowtimes content={content} movie={movie} theaters={theaters} theaterId={currentTheater?.id} />
      </section>
    </>
  );
}

function MovieShowtimes({
  content,
  movie,
  theaters,
  theaterId,
}: {
  content: PageContent;
  movie: Movie;
  theaters: Theater[];
  theaterId?: string;
}) {
  const t = useTranslate();
  const showtimes = usePageShowtimes(content, { theaterId, movieId: movie.id });
  if (showtimes.kind === 'byTheater') return <TheatersShowing theaterIds={showtimes.theaterIds} theaters={theaters} />;
  if (showtimes.loading) return <Spinner />;
  if (showtimes.showtimes.length === 0) return <p>{t('movie.noShowtimes')}</p>;
  return (
    <ShowtimeSchedule showtimes={showtimes.showtimes} theaters={theaters} showTheaterNames={!theaterId} movie={movie} />
  );
}
