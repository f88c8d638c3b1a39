// The movie list's filters (issue: theater, day, play week, attributes), kept in the
// address so a filtered list can be shared and the back button undoes a filter.
import { parseQuery } from '@/rules/query-string';
import type { Movie, PlayWeek, Showtime } from '@/types/api';
import { isPlayWeek } from './play-week';

/** docs/ingest.md#movies: the keys a visitor can filter on. */
export const MOVIE_ATTRIBUTES = ['Localization.Version.Original', 'Format.Sound.Dubbed'] as const;
export type MovieAttribute = (typeof MOVIE_ATTRIBUTES)[number];

export type MovieListFilters = {
  playWeek?: PlayWeek;
  theaterId?: string;
  /** YYYY-MM-DD: movies with a showtime that day. */
  date?: string;
  attribute?: MovieAttribute;
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isMovieAttribute(value: string): value is MovieAttribute {
  return (MOVIE_ATTRIBUTES as readonly string[]).includes(value);
}

/** The filters named by a query string; unknown or malformed values are ignored. */
export function readMovieListFilters(search: string): MovieListFilters {
  const query = parseQuery(search);
  const text = (key: string) => {
    const value = query[key];
    return value === undefined || Array.isArray(value) ? undefined : String(value);
  };
  const playWeek = text('playWeek');
  const theaterId = text('theaterId');
  const date = text('date');
  const attribute = text('attribute');
  return {
    ...(isPlayWeek(playWeek) ? { playWeek } : {}),
    ...(theaterId ? { theaterId } : {}),
    ...(date && DATE.test(date) ? { date } : {}),
    ...(attribute && isMovieAttribute(attribute) ? { attribute } : {}),
  };
}

/**
 * The movies that pass the attribute and day filters (play week and theater are
 * applied by the API). `showtimes` are those of the chosen theater, needed for a day.
 */
export function applyMovieFilters(
  movies: readonly Movie[],
  filters: MovieListFilters,
  showtimes: readonly Showtime[] | undefined,
): Movie[] {
  const { attribute, date } = filters;
  const showingThatDay = date
    ? new Set((showtimes ?? []).filter((showtime) => showtime.date === date).map((showtime) => showtime.movieId))
    : undefined;
  return movies.filter(
    (movie) =>
      (!attribute || (movie.attributes ?? []).includes(attribute)) &&
      (!showingThatDay || showingThatDay.has(movie.id)),
  );
}

/** Whether any filter beyond the play week is set (the list then shows one flat grid). */
export function hasNarrowingFilter(filters: MovieListFilters): boolean {
  return Boolean(filters.theaterId || filters.date || filters.attribute);
}
