import { Deferred } from '@/components/deferred';
import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { useTranslate } from '@/lib/i18n';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { moviesQueryOptions } from '@/features/movies/api/get-movies';
import { MovieGrid } from '@/features/movies/components/movie-grid';
import { MovieHero } from '@/features/movies/components/movie-hero';
import {
  COMING_SOON_WEEKS,
  groupByPlayWeek,
  NOW_SHOWING,
  playWeekMessageKey,
} from '@/features/movies/utils/play-week';
import { eventsQueryOptions } from '@/features/events/api/get-events';
import { EventCard } from '@/features/events/components/event-card';
import { appDataQueryOptions, useAppData } from '@/features/site/api/get-app-data';
import { TheaterChooser } from '@/features/theaters/components/theater-chooser';
import { resolveCurrentTheater } from '@/features/theaters/utils/current-theater';
import { CardGrid } from '@/components/card-grid';
import { storedTheaterId, useSelectedTheater } from '@/lib/selected-theater';
import { siteName } from '@/features/site/utils/site-name';
import type { AppData } from '@/types/api';
import { PageLoadFailure } from '../page-load-failure';
import styles from './section-heading.module.css';

// How many now-showing movies the hero offers.
const HERO_MOVIES = 5;
// How many events the home page shows before "See all".
const HOME_EVENTS = 3;

/**
 * The site's theaters and the queries of the home page's first screen: what plays at the
 * visitor's current theater, or everywhere without one.
 */
function firstScreen(appData: AppData | undefined, selectedTheaterId: string | undefined) {
  const theaters = appData?.theaters ?? [];
  const isSingleLocation = Boolean(appData?.site?.config?.isSingleLocation);
  const currentTheater = resolveCurrentTheater(theaters, { isSingleLocation, selectedTheaterId });
  return {
    theaters,
    isSingleLocation,
    movies: moviesQueryOptions({ theaterId: currentTheater?.id }),
    events: eventsQueryOptions({ theaterId: currentTheater?.id }),
  };
}

/**
 * Fetches the first screen's data into `queryClient` before the page first renders, so
 * that render shows the hero rather than a spinner (the gateway has already asked for
 * the responses in the page's preload hints). Failures are left to the page's own queries.
 */
export async function prefetchHomeFirstScreen(queryClient: QueryClient): Promise<void> {
  const appData = await queryClient.ensureQueryData(appDataQueryOptions());
  const { movies, events } = firstScreen(appData, storedTheaterId());
  await Promise.all([queryClient.prefetchQuery(movies), queryClient.prefetchQuery(events)]);
}

export function HomeRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const { selectedTheaterId, selectTheater } = useSelectedTheater();
  const { theaters, isSingleLocation, ...queries } = firstScreen(appData, selectedTheaterId);
  // Once the visitor has a theater, the home page shows what plays there.
  const movies = useQuery(queries.movies);
  const events = useQuery(queries.events);
  const theaterName = (id: string | undefined) => theaters.find((theater) => theater.id === id)?.name;
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
        <PageLoadFailure error={movies.error} />
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
        {isSingleLocation || theaters.length < 2 ? null : (
          <TheaterChooser theaters={theaters} selectedTheaterId={selectedTheaterId} onSelect={selectTheater} />
        )}
        <Deferred>
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
          {events.data && events.data.length > 0 ? (
            <section className={`${styles.section} page`} aria-labelledby="home-events" data-testid="home-events">
              <div className={styles.header}>
                <h2 id="home-events" className={styles.title}>
                  {t('home.events')}
                </h2>
                <Link to={paths.events.build()} className={styles.seeAll}>
                  {t('home.seeAll')}
                </Link>
              </div>
              <CardGrid>
                {events.data.slice(0, HOME_EVENTS).map((event) => (
                  <li key={event.id}>
                    <EventCard event={event} theaterName={theaterName(event.theaterId)} />
                  </li>
                ))}
              </CardGrid>
            </section>
          ) : null}
        </Deferred>
      </div>
    </>
  );
}
