import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSignInMethods } from '../api';
import { studioKeys } from './studio-keys';

/**
 * The ways in besides a passkey that the platform offers. Read once: they change only with
 * the platform's configuration, which a restart of its services applies.
 */
export const signInMethodsQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.signInMethods(),
    queryFn: ({ signal }) => getSignInMethods(signal),
    staleTime: Infinity,
  });

export function useSignInMethods() {
  return useQuery(signInMethodsQueryOptions());
}
