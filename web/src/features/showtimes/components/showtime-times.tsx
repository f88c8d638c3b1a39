import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { pageLocation, useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/lib/i18n';
import type { Movie, Showtime, Theater } from '@/types/api';
import { formatShowTime } from '../utils/format-showtime';
import { calendarDataUrl, calendarFileName, showtimeIcs } from '../utils/showtime-calendar';
import styles from './showtime-times.module.css';

type ShowtimeTimesProps = {
  showtimes: readonly Showtime[];
  theaterName: string;
  /** With the movie and theater, each time also offers a calendar entry. */
  calendar?: { movie: Movie; theater: Theater | undefined };
};

/** The times of one theater: each opens the ticketing site; sold-out ones do not. */
export function ShowtimeTimes({ showtimes, theaterName, calendar }: ShowtimeTimesProps) {
  const t = useTranslate();
  // A calendar entry carries the time it was made and the page's address: made in the
  // browser once hydrated, never in the published HTML.
  const hydrated = useHydrated();
  const now = new Date();
  const { origin, host } = pageLocation();
  return (
    <ul className={calendar ? `${styles.times} ${styles.withCalendar}` : styles.times}>
      {showtimes.map((showtime) => {
        const time = formatShowTime(showtime.time ?? '', t.locale);
        const ics =
          calendar && hydrated
            ? showtimeIcs({
                showtime,
                movie: calendar.movie,
                theater: calendar.theater,
                url: `${origin}${paths.movie.build(calendar.movie)}`,
                now,
                host,
              })
            : undefined;
        return (
          <li key={showtime.id} className={styles.item}>
            {showtime.soldOut || !showtime.ticketingUrl ? (
              <span className={`${styles.time} ${styles.soldOut}`}>
                {time}
                <span className={styles.format}>{t('showtimes.soldOut')}</span>
              </span>
            ) : (
              <Link
                to={showtime.ticketingUrl}
                // The name holds what the link shows, time and format (WCAG 2.5.3).
                label={t('showtimes.buyTickets', [[time, showtime.format].filter(Boolean).join(' '), theaterName])}
                className={styles.time}
              >
                {time}
                {showtime.format ? (
                  <>
                    {' '}
                    <span className={styles.format}>{showtime.format}</span>
                  </>
                ) : null}
              </Link>
            )}
            {ics && calendar ? (
              <Link
                to={calendarDataUrl(ics)}
                download={calendarFileName(calendar.movie, showtime)}
                label={t('showtimes.addToCalendarLabel', [time, theaterName])}
                className={styles.calendar}
                data-testid="add-to-calendar"
              >
                <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.calendarIcon}>
                  <path d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7Zm-2 8h14v10H5V10Zm6 2v2H9v2h2v2h2v-2h2v-2h-2v-2h-2Z" />
                </svg>
              </Link>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
