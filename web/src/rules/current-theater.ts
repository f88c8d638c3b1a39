import type { Theater } from '@/types/api';
import { safeDecode } from './safe-decode';

/**
 * The current theater (docs/pages-and-links.md#current-theater): a
 * single-location site's first theater; otherwise the theater the page fixes, and only
 * when the page fixes none the visitor's stored selection; none when the one asked for is
 * not among `theaters`. svc-catalogue applies the same rule (`current_theater`); both are
 * tested on fixtures/current-theater.json.
 */
export function resolveCurrentTheater(
  theaters: readonly Theater[],
  {
    isSingleLocation,
    pageTheaterId,
    selectedTheaterId,
  }: { isSingleLocation: boolean; pageTheaterId?: string; selectedTheaterId?: string },
): Theater | undefined {
  if (isSingleLocation) return theaters[0];
  const wanted = pageTheaterId || selectedTheaterId;
  return wanted ? theaters.find((theater) => theater.id === wanted) : undefined;
}

/**
 * The theater a page's path is about, `/theaters/{id}-{slug}/`: the page context's theaterId;
 * none for a segment with a malformed escape, which names no theater.
 */
export function theaterIdFromPath(pathname: string): string | undefined {
  const prefix = '/theaters/';
  if (!pathname.startsWith(prefix)) return undefined;
  const segment = safeDecode(pathname.slice(prefix.length).split('/')[0] ?? '');
  return segment?.split('-')[0] || undefined;
}

/**
 * The theater an address's query names, `?theaterId=ID` (an alert's link opens the movie
 * on the member's theater): one of `theaters`, else none.
 */
export function theaterIdFromQuery(search: string, theaters: readonly Theater[]): string | undefined {
  const wanted = new URLSearchParams(search).get('theaterId');
  return wanted ? theaters.find((theater) => theater.id === wanted)?.id : undefined;
}
