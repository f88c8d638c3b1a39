import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { PAGE_LOAD_RETRIES } from './page-load';

// The catalogue changes when the site bundle is republished, not from minute to
// minute, so data stays fresh for a while and is not refetched on every focus.
const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * Only what may pass on its own is tried again (with React Query's growing delays): a
 * network failure, or a server that failed to answer. An answer is final: a 4xx, and a
 * loyalty provider's refusal, which a member should read at once, not after retries.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const passing = error instanceof ApiError ? error.status >= 500 : error instanceof TypeError;
  return passing && failureCount < PAGE_LOAD_RETRIES;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
        retry: shouldRetry,
      },
    },
  });
}
