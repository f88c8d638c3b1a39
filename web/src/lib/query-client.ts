import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { PAGE_LOAD_RETRIES } from './page-load';

// The catalogue changes when the site bundle is republished, not from minute to
// minute, so data stays fresh for a while and is not refetched on every focus.
const FIVE_MINUTES = 5 * 60 * 1000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < PAGE_LOAD_RETRIES;
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
