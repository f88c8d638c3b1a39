import type { Showtime } from '@/types/api';
import { groupThenByTheater, inSiteOrder, type TheaterShowtimes } from './group-showtimes';

/** The distinct dates of `showtimes`, earliest first. */
export function showtimeDates(showtimes: readonly Showtime[]): string[] {
  return [...new Set(showtimes.map((showtime) => showtime.date ?? '').filter(Boolean))].sort();
}

/** `requested` when showtimes fall on it, else the first date with showtimes. */
export function pickDate(dates: readonly string[], requested: string | null | undefined): string | undefined {
  return requested && dates.includes(requested) ? requested : dates[0];
}

/**
 * The query string of the page of `date`, one of `dates`: `search` with that date, or
 * with none for the first, whose page is the one without a date (the canonical address).
 */
export function daySearch(search: string, dates: readonly string[], date: string): string {
  const query = new URLSearchParams(search);
  if (date === dates[0]) query.delete('date');
  else query.set('date', date);
  const text = query.toString();
  return text ? `?${text}` : '';
}

export type MovieShowtimes = { movieId: string; theaters: TheaterShowtimes[] };

/**
 * The showtimes of one date by movie (in `movieOrder`, the site's order; unknown
 * movies last), then by theater (in `theaterOrder`), times ascending.
 */
export function groupByMovie(
  showtimes: readonly Showtime[],
  date: string,
  movieOrder: readonly string[],
  theaterOrder: readonly string[],
): MovieShowtimes[] {
  const onDate = showtimes.filter((showtime) => showtime.date === date);
  return groupThenByTheater(onDate, (showtime) => showtime.movieId ?? '', inSiteOrder(movieOrder), theaterOrder).map(
    ({ key, theaters }) => ({ movieId: key, theaters }),
  );
}
