import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isNotFound } from '@/lib/api-client';
import { deleteMedia, type MediaItem } from '../api';
import { forgetSessionIfEnded } from './studio-session';
import { invalidateAfterMediaChange } from './use-site-media';

/**
 * Deletes an image from the library (DELETE .../media/{id}), then asks for the library,
 * and the site's audit log, again. One deleted meanwhile (404: by another editor) is
 * deleted all the same; one still in use is refused (422), the message naming where.
 */
export function useDeleteMedia(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (item: MediaItem) => {
      try {
        await deleteMedia(siteId, item.id);
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    onSuccess: () => invalidateAfterMediaChange(queryClient, siteId),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
