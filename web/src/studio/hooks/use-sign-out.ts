import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isUnauthenticated, signOut } from '../api';
import { forgetSession } from './studio-session';

/**
 * Signs the staff member out, and the studio forgets what it was told while they were
 * signed in. A session that had already ended (401) is signed out all the same.
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
    onSuccess: () => forgetSession(queryClient),
  });
}
