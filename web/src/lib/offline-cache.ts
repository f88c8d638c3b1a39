// The rules of the site's service worker (src/sw.ts,
// docs/pages-and-links.md#service-worker): which requests it answers from where, and which
// answers it may keep. Pure, so they are tested without a worker.

/** Hashed build files: they never change, so the worker serves them from its cache first. */
export function isHashedAsset(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}

/** Data a visited page needs to render again offline. */
const PAGE_DATA_PATHS = /^\/(api\/v1|page-data)\//;

/** A page or its data: from the network first, from the cache when it fails. */
export function isPageOrData({ mode, pathname }: { mode: string; pathname: string }): boolean {
  return mode === 'navigate' || PAGE_DATA_PATHS.test(pathname);
}

/** The posters pages show: like page data, in a cache of their own so they do not push pages out. */
export function isPoster(pathname: string): boolean {
  return pathname.startsWith('/posters/');
}

/**
 * Whether the worker may keep an answer to show offline: a success or a 404 (missing pages
 * answer 404 with the app shell, and show offline too), never one the server marked
 * no-store (the ticketing sandbox shows the member's token).
 */
export function isStorable(response: Pick<Response, 'ok' | 'status' | 'headers'>): boolean {
  if (!response.ok && response.status !== 404) return false;
  return !/no-store/i.test(response.headers.get('Cache-Control') ?? '');
}

/** The caches a worker leaves behind that this one does not use (the hand-written worker's `*-v1`). */
export function staleCacheNames(existing: readonly string[], inUse: readonly string[]): string[] {
  return existing.filter((name) => !inUse.includes(name));
}
