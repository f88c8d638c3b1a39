import { hashKey, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isUnauthenticated } from '../api';
import { studioKeys } from './studio-keys';

/**
 * The session is over (signed out, or found ended): everything the studio was told while
 * signed in leaves the cache, and /me is known to be nobody. /me stays in the cache, as
 * nobody, because the screens showing it are watching it: they show the sign-in screen.
 */
export function forgetSession(queryClient: QueryClient) {
  queryClient.setQueryData(studioKeys.me(), null);
  const me = hashKey(studioKeys.me());
  queryClient.removeQueries({ queryKey: studioKeys.all, predicate: (query) => query.queryHash !== me });
}

/** A signed-in call answered 401: the session ended meanwhile (12 hours, or revoked). */
export function forgetSessionIfEnded(queryClient: QueryClient, error: unknown) {
  if (isUnauthenticated(error)) forgetSession(queryClient);
}

/**
 * A screen's query that failed with 401: the session ended meanwhile, so the studio
 * forgets it, and the screen, /me being nobody now, leads to the sign-in screen.
 */
export function useForgetSessionIfEnded(error: unknown) {
  const queryClient = useQueryClient();
  useEffect(() => forgetSessionIfEnded(queryClient, error), [queryClient, error]);
}
