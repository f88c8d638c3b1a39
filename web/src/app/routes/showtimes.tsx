import { ErrorNotice } from '@/components/error-notice';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/lib/i18n';
import { useSelectedTheater } from '@/lib/selected-theater';
import { useMovies } from '@/features/movies/api/get-movies';
import { useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import { useShowtimes } from '@/features/showtimes/api/get-showtimes';
import { DailyShowtimes } from '@/features/showtimes/components/daily-showtimes';
import { resolveCurrentTheater } from '@/features/theaters/utils/current-theater';

/** The week's showtimes at the visitor's theater, or at every theater before one is chosen. */
export function ShowtimesRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const { selectedTheaterId } = useSelectedTheater();
  const theaters = appData?.theaters ?? [];
  const isSingleLocation = Boolean(appData?.site?.config?.isSingleLocation);
  const currentTheater = resolveCurrentTheater(theaters, { isSingleLocation, selectedTheaterId });
  const movies = useMovies();
  const showtimes = useShowtimes({ theaterId: currentTheater?.id });
  const heading = currentTheater
    ? t('movie.showtimesAt', { theaterName: currentTheater.name ?? '' })
    : t('showtimes.title');
  return (
    <div className="container page">
      <PageTitle page={t('showtimes.title')} site={siteName(appData?.site)} />
      <h1 className="page-title">{heading}</h1>
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
          showTheaterNames={!currentTheater}
        />
      )}
    </div>
  );
}
