import type { Movie, PlayWeek } from '@/types/api';

// docs/ingest.md#play-weeks: the play-week buckets, soonest first.
export const PLAY_WEEKS: readonly PlayWeek[] = [
  'CURRENT_PLAYWEEK',
  'NEXT_PLAYWEEK_1',
  'NEXT_PLAYWEEK_2',
  'NEXT_PLAYWEEK_3',
  'BEYOND_NEXT_PLAYWEEK_3',
  'NEXT_PLAYWEEK_UNDETERMINED',
];

export const NOW_SHOWING: PlayWeek = 'CURRENT_PLAYWEEK';

export const COMING_SOON_WEEKS = PLAY_WEEKS.filter((week) => week !== NOW_SHOWING);

export function isPlayWeek(value: string | null | undefined): value is PlayWeek {
  return PLAY_WEEKS.includes(value as PlayWeek);
}

/** The message key naming a play-week bucket. */
export function playWeekMessageKey(week: PlayWeek): string {
  return `movies.playWeek.${week}`;
}

export type PlayWeekGroup = { playWeek: PlayWeek; movies: Movie[] };

/**
 * `movies` grouped by play week in bucket order, keeping the site's movie order
 * inside a bucket; empty buckets and movies without a known bucket are left out.
 */
export function groupByPlayWeek(
  movies: readonly Movie[],
  weeks: readonly PlayWeek[] = PLAY_WEEKS,
): PlayWeekGroup[] {
  return weeks
    .map((playWeek) => ({ playWeek, movies: movies.filter((movie) => movie.playWeek === playWeek) }))
    .filter((group) => group.movies.length > 0);
}

/** `movies` of `weeks` in one list, soonest week first, keeping the site's order inside a week. */
export function inPlayWeekOrder(movies: readonly Movie[], weeks: readonly PlayWeek[] = PLAY_WEEKS): Movie[] {
  return groupByPlayWeek(movies, weeks).flatMap((group) => group.movies);
}
