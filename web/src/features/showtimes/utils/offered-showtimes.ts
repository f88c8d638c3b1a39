// Which showtimes a page still offers. The server leaves out those that had started, a
// grace after their start (the site's showtimeGraceMinutes), when it published the page; a
// page stays open, and stays published, longer than that, so the browser applies the same
// rule by its own clock.
import type { Showtime } from '@/types/api';

const MINUTE_MS = 60_000;

/**
 * Whether `showtime` is still offered at `now` (milliseconds since the epoch): not marked
 * started, and its start plus the grace still ahead. With no `now` (the server's render,
 * hydration) only the mark counts; a start that cannot be read keeps it offered.
 */
export function isOffered(showtime: Showtime, now: number | undefined, graceMinutes: number): boolean {
  if (showtime.started) return false;
  if (now === undefined || !showtime.startsAt) return true;
  const start = Date.parse(showtime.startsAt);
  return Number.isNaN(start) || start + graceMinutes * MINUTE_MS > now;
}

export function offeredShowtimes(showtimes: readonly Showtime[], now: number | undefined, graceMinutes: number): Showtime[] {
  return showtimes.filter((showtime) => isOffered(showtime, now, graceMinutes));
}

/** Whether a ticket can be bought: not sold out, and with a booking link. */
export function isBookable(showtime: Showtime): boolean {
  return showtime.availability !== 'sold-out' && Boolean(showtime.ticketingUrl);
}
