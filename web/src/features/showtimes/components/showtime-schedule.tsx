import { useTranslate } from '@/lib/i18n';
import type { Showtime, Theater } from '@/types/api';
import { formatShowDate } from '../utils/format-showtime';
import { groupShowtimesByDay } from '../utils/group-showtimes';
import { ShowtimeTimes } from './showtime-times';
import styles from './showtime-schedule.module.css';

type ShowtimeScheduleProps = {
  showtimes: readonly Showtime[];
  /** All theaters of the site, for names and order. */
  theaters: readonly Theater[];
  /** Whether to name the theater above its times (not when only one can appear). */
  showTheaterNames: boolean;
};

/** One movie's showtimes by day and theater. */
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
              <ShowtimeTimes showtimes={group.showtimes} theaterName={theaterName(group.theaterId)} />
            </div>
          ))}
        </li>
      ))}
    </ol>
  );
}
