import { useSyncExternalStore } from 'react';
import { useAppData } from '@/api/get-app-data';
import type { Showtime } from '@/types/api';
import { offeredShowtimes } from '../utils/offered-showtimes';

const MINUTE_MS = 60_000;

function everyMinute(onTick: () => void): () => void {
  const timer = setInterval(onTick, MINUTE_MS);
  return () => clearInterval(timer);
}

// Whole minutes: the same value between two ticks, as React's store snapshots must be.
const thisMinute = () => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;
const noClock = () => undefined;

/**
 * Those of `showtimes` still offered (utils/offered-showtimes.ts) by the browser's clock,
 * checked again every minute. The server's render and hydration have no clock: the page
 * hydrates as it was published, then hides what has started since.
 */
export function useOfferedShowtimes(showtimes: readonly Showtime[]): Showtime[] {
  const { data: appData } = useAppData();
  const now = useSyncExternalStore(everyMinute, thisMinute, noClock);
  return offeredShowtimes(showtimes, now, appData?.site.config?.showtimeGraceMinutes ?? 0);
}
