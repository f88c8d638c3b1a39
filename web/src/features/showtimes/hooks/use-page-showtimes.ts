import type { PageContent, Showtime } from '@/types/api';
import { useShowtimes } from '../api/get-showtimes';
import { useOfferedShowtimes } from './use-offered-showtimes';

export type PageShowtimes =
  /** Showtimes to list (the page's own, or the chosen theater's once fetched). */
  | { kind: 'listed'; showtimes: Showtime[]; loading: boolean }
  /** A large chain's page before a theater is chosen: the theaters showing, by id. */
  | { kind: 'byTheater'; theaterIds: string[] };

/**
 * The showtimes a movie or showtimes page lists, those still offered. A page is published
 * with every theater's showtimes of the week, listed for the chosen theater once there is
 * one. A large chain's page would be too large for that: it names the theaters showing
 * instead (`theaterIds`, no `showtimes`), and the chosen theater's showtimes are fetched.
 */
export function usePageShowtimes(content: PageContent, { theaterId, movieId }: { theaterId?: string; movieId?: string }): PageShowtimes {
  const published = content.showtimes;
  const fetched = useShowtimes({ theaterId, movieId }, { enabled: !published && Boolean(theaterId) });
  const atTheater = published && theaterId ? published.filter((showtime) => showtime.theaterId === theaterId) : published;
  const showtimes = useOfferedShowtimes(atTheater ?? fetched.data ?? []);
  if (published) return { kind: 'listed', showtimes, loading: false };
  if (theaterId) return { kind: 'listed', showtimes, loading: fetched.isPending };
  return { kind: 'byTheater', theaterIds: content.theaterIds ?? [] };
}
