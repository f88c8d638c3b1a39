import { ExternalLink } from '@/components/external-link';
import { useTranslate } from '@/lib/i18n';
import type { Showtime, Theater } from '@/types/api';
import { formatShowDate, formatShowTime } from '../utils/format-showtime';
import { groupShowtimesByDay } from '../utils/group-showtimes';
import styles from './showtime-schedule.module.css';

type ShowtimeScheduleProps = {
  showtimes: readonly Showtime[];
  /** All theaters of the site, for names and order. */
  theaters: readonly Theater[];
  /** Whether to name the theater above its times (not when only one can appear). */
  showTheaterNames: boolean;
};

/** Showtimes by day and theater; each time opens the ticketing site. */
export function ShowtimeSchedule({ showtimes, theaters, showTheaterNames }: ShowtimeScheduleProps) {
  const t = useTranslate();
  const days = groupShowtimesByDay(
    showtimes,
    theaters.map((theater) => theater.id),
  );
  const theaterName = (id: string) => theaters.find((theater) => theater.id === id)?.name ?? '';
  return (
    <ol className={styles.days} data-testid="showtime-schedule">
      {days.map((day) => (
        <li key={day.date} className={styles.day}>
          <h3 className={styles.date}>{formatShowDate(day.date, t.locale)}</h3>
          {day.theaters.map((group) => (
            <div key={group.theaterId} className={styles.theater}>
              {showTheaterNames ? <p className={styles.theaterName}>{theaterName(group.theaterId)}</p> : null}
              <ul className={styles.times}>
                {group.showtimes.map((showtime) => {
                  const time = formatShowTime(showtime.time ?? '', t.locale);
                  const label = t('showtimes.buyTickets', [time, theaterName(group.theaterId)]);
                  return (
                    <li key={showtime.id}>
                      {showtime.soldOut || !showtime.ticketingUrl ? (
                        <span className={`${styles.time} ${styles.soldOut}`}>
                          {time}
                          <span className={styles.format}>{t('showtimes.soldOut')}</span>
                        </span>
                      ) : (
                        <ExternalLink href={showtime.ticketingUrl} label={label} className={styles.time}>
                          {time}
                          {showtime.format ? <span className={styles.format}>{showtime.format}</span> : null}
                        </ExternalLink>
                      )}
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </li>
      ))}
    </ol>
  );
}
