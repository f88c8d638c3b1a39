import { PageTitle } from '@/components/page-title';
import { useTranslate } from '@/state/i18n';
import { useSelectedTheater } from '@/state/selected-theater';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import { Spinner } from '@/components/spinner';
import { DailyShowtimes } from '@/features/showtimes/components/daily-showtimes';
import { TheatersShowing } from '@/features/showtimes/components/theaters-showing';
import { usePageShowtimes } from '@/features/showtimes/hooks/use-page-showtimes';
import { resolveCurrentTheater } from '@/rules/current-theater';
import { useRoutePageData } from './route-page-data';

/** The week's showtimes at the visitor's theater, or at every theater before one is chosen. */
export function ShowtimesRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const { selectedTheaterId } = useSelectedTheater();
  const theaters = appData?.theaters ?? [];
  const isSingleLocation = Boolean(appData?.site.config?.isSingleLocation);
  const currentTheater = resolveCurrentTheater(theaters, { isSingleLocation, selectedTheaterId });
  const { content, fallback } = useRoutePageData('showtimes');
  // The chosen theater is known in the browser only: the published page lists every
  // theater's showtimes (or, for a large chain, the theaters).
  const showtimes = usePageShowtimes(content ?? {}, { theaterId: currentTheater?.id });
  const heading = currentTheater
    ? t('movie.showtimesAt', { theaterName: currentTheater.name ?? '' })
    : t('showtimes.title');
  return (
    <div className="container page">
      <PageTitle page={t('showtimes.title')} site={siteName(appData?.site)} />
      <h1 className="page-title">{heading}</h1>
      {!content ? (
        fallback
      ) : showtimes.kind === 'byTheater' ? (
        <TheatersShowing theaterIds={showtimes.theaterIds} theaters={theaters} />
      ) : showtimes.loading ? (
        <Spinner />
      ) : (
        <DailyShowtimes
          showtimes={showtimes.showtimes}
          movies={content.movies ?? []}
          theaters={theaters}
          showTheaterNames={!currentTheater}
          heading="h2"
        />
      )}
    </div>
  );
}
