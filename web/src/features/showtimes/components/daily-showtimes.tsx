import { useSearchParams } from 'react-router';
import { useTranslate } from '@/lib/i18n';
import type { Movie, Showtime, Theater } from '@/types/api';
import { pickDate, showtimeDates } from '../utils/showtime-days';
import { DayPicker } from './day-picker';
import { MovieShowtimeList } from './movie-showtime-list';

type DailyShowtimesProps = {
  showtimes: readonly Showtime[];
  movies: readonly Movie[];
  theaters: readonly Theater[];
  showTheaterNames: boolean;
};

/** A day at a time; the day is in the address (?date=YYYY-MM-DD) so it can be shared. */
export function DailyShowtimes({ showtimes, movies, theaters, showTheaterNames }: DailyShowtimesProps) {
  const t = useTranslate();
  const [searchParams, setSearchParams] = useSearchParams();
  const dates = showtimeDates(showtimes);
  const date = pickDate(dates, searchParams.get('date'));
  if (!date) return <p>{t('showtimes.empty')}</p>;
  return (
    <>
      <DayPicker
        dates={dates}
        selected={date}
        onSelect={(next) => {
          setSearchParams(
            (current) => {
              current.set('date', next);
              return current;
            },
            { replace: true },
          );
        }}
      />
      <MovieShowtimeList
        showtimes={showtimes}
        date={date}
        movies={movies}
        theaters={theaters}
        showTheaterNames={showTheaterNames}
      />
    </>
  );
}
