import { lazy, Suspense } from 'react';
import { useParams, type Params } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Deferred } from '@/components/deferred';
import { ErrorNotice } from '@/components/error-notice';
import { JsonLd } from '@/components/json-ld';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { segmentNames } from '@/config/paths';
import { useTranslate } from '@/lib/i18n';
import { movieNode, screeningEventNode } from '@/lib/structured-data';
import { storedTheaterId, useSelectedTheater } from '@/lib/selected-theater';
import { moviesQueryOptions, useMovies } from '@/features/movies/api/get-movies';
import { MovieDetails } from '@/features/movies/components/movie-details';
import { appDataQueryOptions, useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import { showtimesQueryOptions, useShowtimes } from '@/features/showtimes/api/get-showtimes';
import { ShowtimeSchedule } from '@/features/showtimes/components/showtime-schedule';
import { resolveCurrentTheater } from '@/features/theaters/utils/current-theater';
import type { AppData, Movie } from '@/types/api';
import { PageLoadFailure } from '../page-load-failure';
import { NotFoundRoute } from './not-found';
import styles from './section-heading.module.css';

// Members only: its code loads once the page's first screen is on screen.
const WatchlistButton = lazy(async () => ({
  default: (await import('@/features/loyalty/components/watchlist-button')).WatchlistButton,
}));

/**
 * The movie `movieSegment` (`{id}-{slug}`) names among `movies`, the site's theaters and
 * the showtimes the page's first screen lists: at the visitor's current theater, or
 * everywhere without one.
 */
function firstScreen(
  appData: AppData | undefined,
  selectedTheaterId: string | undefined,
  movies: readonly Movie[] | undefined,
  movieSegment: string,
) {
  const movie = movies?.find((candidate) => segmentNames(movieSegment, candidate.id));
  const theaters = appData?.theaters ?? [];
  const isSingleLocation = Boolean(appData?.site?.config?.isSingleLocation);
  const currentTheater = resolveCurrentTheater(theaters, { isSingleLocation, selectedTheaterId });
  return { movie, theaters, currentTheater, showtimes: { movieId: movie?.id, theaterId: currentTheater?.id } };
}

/**
 * Fetches the first screen's data into `queryClient` before the page first renders, so
 * that render shows the movie and its showtimes rather than a spinner (the gateway has
 * already asked for the responses in the page's preload hints). Failures are left to
 * the page's own queries.
 */
export async function prefetchMovieFirstScreen(queryClient: QueryClient, { movieSegment = '' }: Params) {
  const [appData, movies] = await Promise.all([
    queryClient.ensureQueryData(appDataQueryOptions()),
    queryClient.ensureQueryData(moviesQueryOptions()),
  ]);
  const { movie, showtimes } = firstScreen(appData, storedTheaterId(), movies, movieSegment);
  if (movie) await queryClient.prefetchQuery(showtimesQueryOptions(showtimes));
}

export function MovieRoute() {
  const t = useTranslate();
  const { movieSegment = '' } = useParams();
  const { data: appData } = useAppData();
  const { selectedTheaterId } = useSelectedTheater();
  // The list is usually cached already (home, movie list); it also settles which
  // movie `{id}-{slug}` names without guessing where the id ends.
  const movies = useMovies();
  const { movie, theaters, currentTheater, ...queries } = firstScreen(
    appData,
    selectedTheaterId,
    movies.data,
    movieSegment,
  );
  const showtimes = useShowtimes(queries.showtimes, { enabled: Boolean(movie) });

  if (movies.isPending) return <Spinner label={t('status.loading')} />;
  if (movies.isError) {
    return (
      <PageLoadFailure error={movies.error} />
    );
  }
  if (!movie) return <NotFoundRoute />;

  return (
    <>
      <PageTitle page={movie.title} site={siteName(appData?.site)} />
      <JsonLd
        nodes={[
          movieNode(movie, window.location.origin),
          ...(showtimes.data ?? []).map((showtime) =>
            screeningEventNode(
              showtime,
              movie,
              theaters.find((theater) => theater.id === showtime.theaterId),
              window.location.origin,
            ),
          ),
        ]}
      />
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
        {showtimes.isPending ? (
          <Spinner label={t('status.loading')} />
        ) : showtimes.isError ? (
          <ErrorNotice
            title={t('error.title')}
            retryLabel={t('error.retry')}
            onRetry={() => void showtimes.refetch()}
          />
        ) : showtimes.data.length === 0 ? (
          <p>{t('movie.noShowtimes')}</p>
        ) : (
          <ShowtimeSchedule
            showtimes={showtimes.data}
            theaters={theaters}
            showTheaterNames={!currentTheater}
            movie={movie}
          />
        )}
      </section>
    </>
  );
}
