import { useTranslate } from '@/state/i18n';
import type { Movie, Showtime, Theater } from '@/types/api';
import { useSelectedDay } from '../hooks/use-selected-day';
import { formatShowDate } from '../utils/format-showtime';
import { groupShowtimesByDay } from '../utils/group-showtimes';
import { useAttributeFilter } from './attribute-filter';
import { DayPicker } from './day-picker';
import { ShowtimeTimes } from './showtime-times';
import styles from './showtime-schedule.module.css';

type ShowtimeScheduleProps = {
  showtimes: readonly Showtime[];
  /** All theaters of the site, for names and order. */
  theaters: readonly Theater[];
  /** Whether to name the theater above its times (not when only one can appear). */
  showTheaterNames: boolean;
  /** The movie shown: each time then also offers a calendar entry. */
  movie?: Movie;
};

/** One movie's showtimes a day at a time, by theater. */
export function ShowtimeSchedule({ showtimes, theaters, showTheaterNames, movie }: ShowtimeScheduleProps) {
  const t = useTranslate();
  const { shown: chosen, chips } = useAttributeFilter(showtimes);
  const days = groupShowtimesByDay(
    chosen,
    theaters.map((theater) => theater.id),
  );
  const theaterName = (id: string) => theaters.find((theater) => theater.id === id)?.name ?? '';
  const dates = days.map((day) => day.date);
  const date = useSelectedDay(dates);
  const shown = days.filter((day) => day.date === date);
  return (
    <>
      {chips}
      {days.length === 0 ? <p role="status">{t('showtimes.noneWithAttributes')}</p> : null}
      <DayPicker dates={dates} selected={date} />
      <ol className={styles.days} data-testid="showtime-schedule">
        {shown.map((day) => (
          <li key={day.date} className={styles.day}>
            <h3 className={styles.date}>{formatShowDate(day.date, t.locale)}</h3>
            {day.theaters.map((group) => (
              <div key={group.theaterId} className={styles.theater}>
                {showTheaterNames ? <p className={styles.theaterName}>{theaterName(group.theaterId)}</p> : null}
                <ShowtimeTimes
                  showtimes={group.showtimes}
                  theaterName={theaterName(group.theaterId)}
                  calendar={movie ? { movie, theater: theaters.find((theater) => theater.id === group.theaterId) } : undefined}
                />
              </div>
            ))}
          </li>
        ))}
      </ol>
    </>
  );
}
