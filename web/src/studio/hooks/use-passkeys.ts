import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isNotFound } from '@/lib/api-client';
import { getPasskeyCreationOptions, getPasskeys, registerPasskey, removePasskey, type Passkey } from '../api';
import { createPasskey } from '../passkeys';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';

/** The signed-in staff member's passkeys, newest first. */
export const passkeysQueryOptions = () =>
  queryOptions({
    queryKey: studioKeys.passkeys(),
    queryFn: ({ signal }) => getPasskeys(signal),
  });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

/**
 * Adds a passkey for the staff member signed in, named `label` if they gave one: the
 * options, the browser's prompt, the registration; then the list is asked again. Fails
 * with a PasskeyCeremonyError when the prompt gave no passkey.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (label: string) => {
      const credential = await createPasskey(await getPasskeyCreationOptions({}));
      return registerPasskey({ credential, ...(label === '' ? {} : { label }) });
    },
    onSuccess: (me) => {
      queryClient.setQueryData(studioKeys.me(), me);
      return queryClient.invalidateQueries({ queryKey: studioKeys.passkeys() });
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}

/**
 * Removes one of the staff member's passkeys, then asks for the list again. One that was
 * gone already (404: removed meanwhile, from another device) is removed all the same.
 */
export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (passkey: Passkey) => {
      try {
        await removePasskey(passkey.id);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studioKeys.passkeys() }),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
