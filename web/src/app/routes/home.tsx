import { Deferred } from '@/components/deferred';
import { Link } from '@/components/link';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { moviesQueryOptions } from '@/features/movies/api/get-movies';
import { MovieGrid } from '@/features/movies/components/movie-grid';
import { MovieHero } from '@/features/movies/components/movie-hero';
import { heroMovies } from '@/features/movies/utils/hero-movies';
import { COMING_SOON_WEEKS, inPlayWeekOrder, NOW_SHOWING, playWeekMessageKey } from '@/features/movies/utils/play-week';
import { eventsQueryOptions } from '@/features/events/api/get-events';
import { EventCard } from '@/features/events/components/event-card';
import { appDataQueryOptions, useAppData } from '@/api/get-app-data';
import { pageDataQueryOptions } from '@/features/site/api/get-page-data';
import { TheaterChooser } from '@/features/theaters/components/theater-chooser';
import { CardGrid } from '@/components/card-grid';
import { storedTheaterId, useSelectedTheater } from '@/state/selected-theater';
import { siteName } from '@/rules/site-name';
import type { AppData } from '@/types/api';
import { useRoutePageData } from './route-page-data';
import styles from './section-heading.module.css';

// How many movies the hero offers: the featured one, then those now showing.
const HERO_MOVIES = 5;
// How many events the home page shows before "See all".
const HOME_EVENTS = 3;

/** The theater the visitor chose, on a site with more than one; none on the server. */
function chosenTheater(appData: AppData | undefined, selectedTheaterId: string | undefined) {
  if (appData?.site.config?.isSingleLocation) return undefined;
  return appData?.theaters.find((theater) => theater.id === selectedTheaterId);
}

/**
 * Fetches the first screen's data into `queryClient` before the page first renders on a
 * page the browser renders alone (a published page brings it inline): the page's data
 * and, once the visitor has chosen a theater, what plays there. Failures are left to the
 * page's own queries.
 */
export async function prefetchHomeFirstScreen(queryClient: QueryClient): Promise<void> {
  const [appData] = await Promise.all([
    queryClient.query(appDataQueryOptions()),
    queryClient.query(pageDataQueryOptions(paths.home.build())).catch(() => undefined),
  ]);
  const theaterId = chosenTheater(appData, storedTheaterId())?.id;
  if (!theaterId) return;
  await Promise.allSettled([
    queryClient.query(moviesQueryOptions({ theaterId })),
    queryClient.query(eventsQueryOptions({ theaterId })),
  ]);
}

export function HomeRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const { selectedTheaterId, selectTheater } = useSelectedTheater();
  const { content, fallback } = useRoutePageData('home');
  const theaters = appData?.theaters ?? [];
  const isSingleLocation = Boolean(appData?.site.config?.isSingleLocation);
  // The page is published chain-wide; once the visitor has chosen a theater (known in
  // the browser only) it shows what plays there, the chain-wide lists staying on screen
  // until that has arrived.
  const theaterId = chosenTheater(appData, selectedTheaterId)?.id;
  const theaterMovies = useQuery({
    ...moviesQueryOptions({ theaterId }),
    enabled: theaterId !== undefined,
    placeholderData: (previous) => previous ?? content?.movies,
  });
  const theaterEvents = useQuery({
    ...eventsQueryOptions({ theaterId }),
    enabled: theaterId !== undefined,
    placeholderData: (previous) => previous ?? content?.events,
  });
  const theaterName = (id: string | undefined) => theaters.find((theater) => theater.id === id)?.name;
  const title = <PageTitle site={siteName(appData?.site)} />;

  if (!content) {
    return (
      <>
        {title}
        {fallback}
      </>
    );
  }

  const movies = (theaterId ? theaterMovies.data : undefined) ?? content.movies ?? [];
  const events = (theaterId ? theaterEvents.data : undefined) ?? content.events ?? [];
  const nowShowing = movies.filter((movie) => movie.playWeek === NOW_SHOWING);
  const hero = heroMovies(movies, nowShowing, appData?.site.config?.featuredMovieId, HERO_MOVIES);
  const comingSoon = inPlayWeekOrder(movies, COMING_SOON_WEEKS);
  return (
    <>
      {title}
      {hero.length > 0 ? <MovieHero movies={hero} /> : null}
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
              {/* One grid across the weeks, each card saying its week: a row per week would
                  often be one poster wide. */}
              <MovieGrid
                movies={comingSoon}
                caption={(movie) => (movie.playWeek ? t(playWeekMessageKey(movie.playWeek)) : undefined)}
              />
            </section>
          ) : null}
          {events.length > 0 ? (
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
                {events.slice(0, HOME_EVENTS).map((event) => (
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
