import { useMutation, useQueryClient } from '@tanstack/react-query';
import { replaceMediaFile, type MediaItem } from '../api';
import { forgetSessionIfEnded } from './studio-session';
import { invalidateAfterMediaChange } from './use-site-media';

/** The image whose file is replaced, and the new file. */
export type MediaReplacement = { item: MediaItem; file: File };

/**
 * Puts a new file in place of an image's (PUT .../media/{id}/file): its id, path and alt
 * text stay. Then the library, and the site's audit log, are asked for again. A refusal
 * (400) names `file`.
 */
export function useReplaceMediaFile(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, file }: MediaReplacement) => replaceMediaFile(siteId, item.id, file),
    onSuccess: () => invalidateAfterMediaChange(queryClient, siteId),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
