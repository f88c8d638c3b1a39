import type { Showtime } from '@/types/api';

/** The distinct dates of `showtimes`, earliest first. */
export function showtimeDates(showtimes: readonly Showtime[]): string[] {
  return [...new Set(showtimes.map((showtime) => showtime.date ?? '').filter(Boolean))].sort();
}

/** `requested` when showtimes fall on it, else the first date with showtimes. */
export function pickDate(dates: readonly string[], requested: string | null | undefined): string | undefined {
  return requested && dates.includes(requested) ? requested : dates[0];
}

export type MovieShowtimes = {
  movieId: string;
  theaters: Array<{ theaterId: string; showtimes: Showtime[] }>;
};

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
  const rank = (order: readonly string[], id: string) => {
    const index = order.indexOf(id);
    return index < 0 ? order.length : index;
  };
  const sorted = showtimes
    .filter((showtime) => showtime.date === date)
    .sort(
      (a, b) =>
        rank(movieOrder, a.movieId ?? '') - rank(movieOrder, b.movieId ?? '') ||
        (a.movieId ?? '').localeCompare(b.movieId ?? '') ||
        rank(theaterOrder, a.theaterId ?? '') - rank(theaterOrder, b.theaterId ?? '') ||
        (a.time ?? '').localeCompare(b.time ?? ''),
    );
  const movies: MovieShowtimes[] = [];
  for (const showtime of sorted) {
    const movieId = showtime.movieId ?? '';
    const theaterId = showtime.theaterId ?? '';
    let movie = movies.at(-1);
    if (!movie || movie.movieId !== movieId) {
      movie = { movieId, theaters: [] };
      movies.push(movie);
    }
    let theater = movie.theaters.at(-1);
    if (!theater || theater.theaterId !== theaterId) {
      theater = { theaterId, showtimes: [] };
      movie.theaters.push(theater);
    }
    theater.showtimes.push(showtime);
  }
  return movies;
}
