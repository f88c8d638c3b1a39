// docs/pages-and-links.md#page-loading-and-errors: a page load is retried up to 3 times; then
// a missing page goes to /404.html and a server error to /500.html.
import { paths } from '@/config/paths';
import { isNotFound } from './api-client';

export const PAGE_LOAD_RETRIES = 3;

/** Where a page whose data could not be loaded goes. */
export function pageLoadFallback(error: unknown): string {
  return isNotFound(error) ? paths.notFound.build() : paths.serverError.build();
}

/**
 * `load()`, tried again up to `retries` times when it fails (a page's code chunk after
 * a deployment or a network drop). `onRetry` hears of each failure that is retried.
 */
export async function loadWithRetry<T>(
  load: () => Promise<T>,
  { retries = PAGE_LOAD_RETRIES, onRetry }: { retries?: number; onRetry?: (error: unknown) => void } = {},
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= retries) throw error;
      onRetry?.(error);
    }
  }
}
