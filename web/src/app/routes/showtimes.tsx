import { PageTitle } from '@/components/page-title';
import { useTranslate } from '@/lib/i18n';
import { useSelectedTheater } from '@/lib/selected-theater';
import { useAppData } from '@/features/site/api/get-app-data';
import { siteName } from '@/features/site/utils/site-name';
import { DailyShowtimes } from '@/features/showtimes/components/daily-showtimes';
import { resolveCurrentTheater } from '@/features/theaters/utils/current-theater';
import { useRoutePageData } from './route-page-data';

/** The week's showtimes at the visitor's theater, or at every theater before one is chosen. */
export function ShowtimesRoute() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const { selectedTheaterId } = useSelectedTheater();
  const theaters = appData?.theaters ?? [];
  const isSingleLocation = Boolean(appData?.site?.config?.isSingleLocation);
  const currentTheater = resolveCurrentTheater(theaters, { isSingleLocation, selectedTheaterId });
  const { content, fallback } = useRoutePageData('showtimes');
  // The page is published with every theater's showtimes of the coming week; once the
  // visitor has chosen a theater (known in the browser only) it lists that theater's.
  const showtimes = (content?.showtimes ?? []).filter(
    (showtime) => !currentTheater || showtime.theaterId === currentTheater.id,
  );
  const heading = currentTheater
    ? t('movie.showtimesAt', { theaterName: currentTheater.name ?? '' })
    : t('showtimes.title');
  return (
    <div className="container page">
      <PageTitle page={t('showtimes.title')} site={siteName(appData?.site)} />
      <h1 className="page-title">{heading}</h1>
      {content ? (
        <DailyShowtimes
          showtimes={showtimes}
          movies={content.movies ?? []}
          theaters={theaters}
          showTheaterNames={!currentTheater}
        />
      ) : (
        fallback
      )}
    </div>
  );
}
