import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadMedia } from '../api';
import { forgetSessionIfEnded } from './studio-session';
import { invalidateAfterMediaChange } from './use-site-media';

/** An image to add to the library, and what it shows (its alt text, trimmed). */
export type MediaUpload = { file: File; alt: string };

/**
 * Adds an image to the site's library (POST .../media, `multipart/form-data`), then asks
 * for the library, and the site's audit log, again. A refusal (400) names `file` or `alt`.
 */
export function useUploadMedia(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, alt }: MediaUpload) => uploadMedia(siteId, file, alt),
    onSuccess: () => invalidateAfterMediaChange(queryClient, siteId),
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
