import { QueryClient } from '@tanstack/react-query';
import { shouldRetry } from '@/lib/query-client';

/**
 * The studio's query client. A failure that may pass (no answer, a 5xx) is tried once more,
 * a second later, before the screen says the studio's service is unavailable, with a
 * button to try again: staff would rather read that than watch a spinner for the site's
 * three growing retries. What staff see changes as they edit: nothing is kept fresh for long.
 */
export function createStudioQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => failureCount < 1 && shouldRetry(failureCount, error),
      },
    },
  });
}
