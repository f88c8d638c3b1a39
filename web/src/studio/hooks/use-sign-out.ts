import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { isUnauthenticated, signOut } from '../api';
import { studioKeys } from './studio-keys';

/**
 * Signs the staff member out. Everything the studio was told while signed in leaves the
 * cache, and /me is known to be nobody. A session that had already ended (401) is signed
 * out all the same.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await signOut();
      } catch (error) {
        if (!isUnauthenticated(error)) throw error;
      }
    },
    onSuccess: () => {
      // /me stays in the cache, as nobody: the screens showing it are watching it.
      queryClient.setQueryData(studioKeys.me(), null);
      const me = hashKey(studioKeys.me());
      queryClient.removeQueries({ queryKey: studioKeys.all, predicate: (query) => query.queryHash !== me });
    },
  });
}
