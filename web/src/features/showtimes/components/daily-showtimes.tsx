import { useTranslate } from '@/state/i18n';
import type { Movie, Showtime, Theater } from '@/types/api';
import { useSelectedDay } from '../hooks/use-selected-day';
import { showtimeDates } from '../utils/showtime-days';
import { useAttributeFilter } from './attribute-filter';
import { DayPicker } from './day-picker';
import { MovieShowtimeList } from './movie-showtime-list';

type DailyShowtimesProps = {
  showtimes: readonly Showtime[];
  movies: readonly Movie[];
  theaters: readonly Theater[];
  showTheaterNames: boolean;
  /** Each movie's title heading: one level below the heading the showtimes sit under. */
  heading?: 'h2' | 'h3';
};

/** A day at a time; the day is in the address (?date=YYYY-MM-DD) so it can be shared. */
export function DailyShowtimes({ showtimes, movies, theaters, showTheaterNames, heading }: DailyShowtimesProps) {
  const t = useTranslate();
  const { shown, chips } = useAttributeFilter(showtimes);
  const dates = showtimeDates(shown);
  const date = useSelectedDay(dates);
  if (showtimes.length === 0) return <p>{t('showtimes.empty')}</p>;
  if (!date) {
    return (
      <>
        {chips}
        <p role="status">{t('showtimes.noneWithAttributes')}</p>
      </>
    );
  }
  return (
    <>
      {chips}
      <DayPicker dates={dates} selected={date} />
      <MovieShowtimeList
        showtimes={shown}
        date={date}
        movies={movies}
        theaters={theaters}
        showTheaterNames={showTheaterNames}
        heading={heading}
      />
    </>
  );
}
