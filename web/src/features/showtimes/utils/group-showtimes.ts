import type { Showtime } from '@/types/api';

export type TheaterShowtimes = { theaterId: string; showtimes: Showtime[] };
export type ShowtimeDay = { date: string; theaters: TheaterShowtimes[] };

/**
 * Showtimes by day, then by theater (in `theaterOrder`, unknown theaters last), each
 * list in time order. Dates and times are local to the theater ('YYYY-MM-DD',
 * 'HH:MM'), so plain string order is time order.
 */
export function groupShowtimesByDay(
  showtimes: readonly Showtime[],
  theaterOrder: readonly string[] = [],
): ShowtimeDay[] {
  const rank = (theaterId: string) => {
    const index = theaterOrder.indexOf(theaterId);
    return index < 0 ? theaterOrder.length : index;
  };
  const sorted = [...showtimes].sort(
    (a, b) =>
      (a.date ?? '').localeCompare(b.date ?? '') ||
      rank(a.theaterId ?? '') - rank(b.theaterId ?? '') ||
      (a.time ?? '').localeCompare(b.time ?? ''),
  );
  const days: ShowtimeDay[] = [];
  for (const showtime of sorted) {
    const date = showtime.date ?? '';
    const theaterId = showtime.theaterId ?? '';
    let day = days.at(-1);
    if (!day || day.date !== date) {
      day = { date, theaters: [] };
      days.push(day);
    }
    let theater = day.theaters.at(-1);
    if (!theater || theater.theaterId !== theaterId) {
      theater = { theaterId, showtimes: [] };
      day.theaters.push(theater);
    }
    theater.showtimes.push(showtime);
  }
  return days;
}
