import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { pageLocation, useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import type { Movie, Showtime, Theater } from '@/types/api';
import { formatClockTime } from '@/rules/date-time-format';
import { attributesOf, badgeAttributes } from '../utils/showtime-attributes';
import { AttributeBadges, foreignLanguage } from './attribute-badges';
import { calendarDataUrl, calendarFileName, showtimeIcs } from '../utils/showtime-calendar';
import { isBookable } from '../utils/offered-showtimes';
import styles from './showtime-times.module.css';

type ShowtimeTimesProps = {
  showtimes: readonly Showtime[];
  theaterName: string;
  /** With the movie and theater, each time also offers a calendar entry. */
  calendar?: { movie: Movie; theater: Theater | undefined };
};

/**
 * The times of one theater: each opens the ticketing site, sold-out ones show but do not
 * link, nor offer a calendar entry; selling-fast ones say so; each carries its attributes
 * as badges.
 */
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
        const time = formatClockTime(showtime.time ?? '', t.locale);
        const bookable = isBookable(showtime);
        const ics =
          calendar && hydrated && bookable
            ? showtimeIcs({
                showtime,
                movie: calendar.movie,
                theater: calendar.theater,
                url: `${origin}${paths.movie.build(calendar.movie)}`,
                now,
                host,
              })
            : undefined;
        const attributes = attributesOf(showtime);
        const sellingFast = showtime.availability === 'selling-fast';
        // The name holds what the link shows, time, format and availability (WCAG 2.5.3),
        // then what the badges beside it say.
        const shown = [time, showtime.format, sellingFast ? t('showtimes.sellingFast') : ''].filter(Boolean).join(' ');
        const label = [
          t('showtimes.buyTickets', [shown, theaterName]),
          foreignLanguage(showtime.language, t.locale),
          ...attributes.map((code) => t(`showtimes.attribute.${code}`)),
        ]
          .filter(Boolean)
          .join(', ');
        return (
          <li key={showtime.id} className={styles.item} data-availability={showtime.availability ?? 'available'}>
            {!bookable ? (
              <span className={`${styles.time} ${styles.soldOut}`}>
                <span className={styles.struck}>{time}</span>
                <span className={styles.format}>{t('showtimes.soldOut')}</span>
              </span>
            ) : (
              <Link to={showtime.ticketingUrl} label={label} className={styles.time}>
                {time}
                {showtime.format ? (
                  <>
                    {' '}
                    <span className={styles.format}>{showtime.format}</span>
                  </>
                ) : null}
                {sellingFast ? (
                  <>
                    {' '}
                    <span className={styles.sellingFast}>{t('showtimes.sellingFast')}</span>
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
            <AttributeBadges attributes={badgeAttributes(showtime)} language={showtime.language} />
          </li>
        );
      })}
    </ul>
  );
}
