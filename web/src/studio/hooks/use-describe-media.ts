import { useMutation, useQueryClient } from '@tanstack/react-query';
import { describeMedia, type MediaItem } from '../api';
import { studioKeys } from './studio-keys';
import { forgetSessionIfEnded } from './studio-session';
import { invalidateAfterMediaChange } from './use-site-media';

/** The image described, and its new alt text (trimmed). */
export type MediaDescription = { item: MediaItem; alt: string };

/**
 * Changes the library's alt text of an image (PATCH .../media/{id}): every search shows the
 * image as the server answers it at once, then the library, and the site's audit log, are
 * asked for again (another search may find it now, or no longer). A refusal (400) names `alt`.
 */
export function useDescribeMedia(siteId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ item, alt }: MediaDescription) => describeMedia(siteId, item.id, alt),
    onSuccess: (described) => {
      queryClient.setQueriesData<MediaItem[]>({ queryKey: studioKeys.siteMedia(siteId) }, (items) =>
        items?.map((item) => (item.id === described.id ? described : item)),
      );
      return invalidateAfterMediaChange(queryClient, siteId);
    },
    onError: (error) => forgetSessionIfEnded(queryClient, error),
  });
}
