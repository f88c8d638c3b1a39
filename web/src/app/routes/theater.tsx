import { useParams } from 'react-router';
import { ErrorNotice } from '@/components/error-notice';
import { JsonLd } from '@/components/json-ld';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { paths, segmentNames } from '@/config/paths';
import { useTranslate } from '@/lib/i18n';
import { screeningEventNode, theaterNode } from '@/lib/structured-data';
import { useSelectedTheater } from '@/lib/selected-theater';
import { useMovies } from '@/features/movies/api/get-movies';
import { useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import { useShowtimes } from '@/features/showtimes/api/get-showtimes';
import { DailyShowtimes } from '@/features/showtimes/components/daily-showtimes';
import { TheaterAddress } from '@/features/theaters/components/theater-address';
import { NotFoundRoute } from './not-found';
import sections from './section-heading.module.css';
import styles from './theater.module.css';

export function TheaterRoute() {
  const t = useTranslate();
  const { theaterSegment = '' } = useParams();
  const { data: appData } = useAppData();
  const { selectedTheaterId, selectTheater } = useSelectedTheater();
  const theaters = appData?.theaters ?? [];
  const theater = theaters.find((candidate) => segmentNames(theaterSegment, candidate.id));
  const movies = useMovies();
  const showtimes = useShowtimes({ theaterId: theater?.id }, { enabled: Boolean(theater) });

  if (!theater) return <NotFoundRoute />;
  const isSingleLocation = Boolean(appData?.site?.config?.isSingleLocation);
  return (
    <>
      <PageTitle page={theater.name} site={siteName(appData?.site)} />
      <JsonLd
        nodes={[
          theaterNode(theater, window.location.origin, paths.theater.build(theater)),
          ...(showtimes.data ?? []).map((showtime) =>
            screeningEventNode(
              showtime,
              movies.data?.find((movie) => movie.id === showtime.movieId),
              theater,
              window.location.origin,
            ),
          ),
        ]}
      />
      <section className={styles.banner} aria-labelledby="theater-name">
        <div className={`container ${styles.inner}`}>
          <h1 id="theater-name" className={styles.name}>
            {theater.name}
          </h1>
          <TheaterAddress theater={theater} />
          {theater.description ? <p className={styles.description}>{theater.description}</p> : null}
          {isSingleLocation ? null : theater.id === selectedTheaterId ? (
            <p className={styles.chosen}>{t('theaters.yourTheater')}</p>
          ) : (
            <button
              type="button"
              className={`button ${styles.choose}`}
              data-testid="choose-theater"
              onClick={() => selectTheater(theater.id)}
            >
              {t('theaters.makeMine')}
            </button>
          )}
        </div>
      </section>
      <section className={`container page ${sections.section}`} aria-labelledby="theater-showtimes">
        <div className={sections.header}>
          <h2 id="theater-showtimes" className={sections.title}>
            {t('movie.showtimes')}
          </h2>
        </div>
        {showtimes.isPending || movies.isPending ? (
          <Spinner label={t('status.loading')} />
        ) : showtimes.isError || movies.isError ? (
          <ErrorNotice
            title={t('error.title')}
            retryLabel={t('error.retry')}
            onRetry={() => {
              void showtimes.refetch();
              void movies.refetch();
            }}
          />
        ) : (
          <DailyShowtimes
            showtimes={showtimes.data}
            movies={movies.data}
            theaters={theaters}
            showTheaterNames={false}
          />
        )}
      </section>
    </>
  );
}
