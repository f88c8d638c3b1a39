import type { Showtime } from '@/types/api';

export type TheaterShowtimes = { theaterId: string; showtimes: Showtime[] };
export type ShowtimeDay = { date: string; theaters: TheaterShowtimes[] };

/** Compares ids by where they stand in `order` (the site's); ids not in it come last, by id. */
export function inSiteOrder(order: readonly string[]): (a: string, b: string) => number {
  const rank = (id: string) => {
    const index = order.indexOf(id);
    return index < 0 ? order.length : index;
  };
  return (a, b) => rank(a) - rank(b) || a.localeCompare(b);
}

/**
 * `showtimes` in groups, by the key `keyOf` gives each (the groups in `compareKeys`
 * order), then by theater (in `theaterOrder`, unknown theaters last), each list in time
 * order. Times are local to the theater ('HH:MM'), so plain string order is time order.
 */
export function groupThenByTheater(
  showtimes: readonly Showtime[],
  keyOf: (showtime: Showtime) => string,
  compareKeys: (a: string, b: string) => number,
  theaterOrder: readonly string[],
): { key: string; theaters: TheaterShowtimes[] }[] {
  const compareTheaters = inSiteOrder(theaterOrder);
  const sorted = [...showtimes].sort(
    (a, b) =>
      compareKeys(keyOf(a), keyOf(b)) ||
      compareTheaters(a.theaterId ?? '', b.theaterId ?? '') ||
      (a.time ?? '').localeCompare(b.time ?? ''),
  );
  const groups: { key: string; theaters: TheaterShowtimes[] }[] = [];
  for (const showtime of sorted) {
    const key = keyOf(showtime);
    const theaterId = showtime.theaterId ?? '';
    let group = groups.at(-1);
    if (!group || group.key !== key) {
      group = { key, theaters: [] };
      groups.push(group);
    }
    let theater = group.theaters.at(-1);
    if (!theater || theater.theaterId !== theaterId) {
      theater = { theaterId, showtimes: [] };
      group.theaters.push(theater);
    }
    theater.showtimes.push(showtime);
  }
  return groups;
}

/**
 * Showtimes by day, then by theater (in `theaterOrder`, unknown theaters last), each
 * list in time order. Dates are local to the theater ('YYYY-MM-DD'), so plain string
 * order is date order.
 */
export function groupShowtimesByDay(
  showtimes: readonly Showtime[],
  theaterOrder: readonly string[] = [],
): ShowtimeDay[] {
  return groupThenByTheater(showtimes, (showtime) => showtime.date ?? '', (a, b) => a.localeCompare(b), theaterOrder).map(
    ({ key, theaters }) => ({ date: key, theaters }),
  );
}
