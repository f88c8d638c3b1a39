import { useEffect, useState } from 'react';
import { useTranslate } from '@/state/i18n';
import { thumbnailAttemptUrl } from '../media-rules';
import styles from './media-thumbnail.module.css';

/** How long after a failed load the thumbnail is asked for again. */
export const THUMBNAIL_RETRY_MS = 2000;

/** How many times it is asked for before it is said not to be published yet (some 10 seconds in all). */
export const THUMBNAIL_ATTEMPTS = 6;

type MediaThumbnailProps = {
  /** Its address on the site's public origin (the item's `thumbnailUrl`). */
  src: string;
  /** What it shows: the item's alt text, or '' where the text beside it says so already. */
  alt: string;
  /** The image's size, in pixels: the thumbnail keeps its shape, in a frame of the studio's. */
  width: number;
  height: number;
};

/**
 * An image of the media library, small, as the site's own host serves it. An image just
 * uploaded is served once the site is published again, within seconds: until then its
 * address answers 404, so a load that fails is tried again every 2 seconds, six times in
 * all, a placeholder saying it is being published meanwhile; then one saying it is not
 * published yet. (The studio's CSP takes images from https: and the studio's own host,
 * never blob:, so there is no showing the file from the staff member's own disk.)
 */
export function MediaThumbnail(props: MediaThumbnailProps) {
  // Another image starts its tries afresh.
  return <Thumbnail key={props.src} {...props} />;
}

type ThumbnailState = 'loading' | 'waiting' | 'loaded' | 'notPublished';

function Thumbnail({ src, alt, width, height }: MediaThumbnailProps) {
  const t = useTranslate();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ThumbnailState>('loading');
  useEffect(() => {
    if (state !== 'waiting') return;
    const retry = window.setTimeout(() => {
      setAttempt((done) => done + 1);
      setState('loading');
    }, THUMBNAIL_RETRY_MS);
    return () => window.clearTimeout(retry);
  }, [state]);

  if (state === 'waiting' || state === 'notPublished') {
    return (
      <span className={styles.frame} data-testid="studio-media-thumbnail-placeholder">
        <span className={styles.placeholder}>
          {t(state === 'waiting' ? 'studio.media.thumbnail.publishing' : 'studio.media.thumbnail.notPublished')}
        </span>
      </span>
    );
  }
  return (
    <span className={styles.frame}>
      <img
        className={styles.image}
        src={thumbnailAttemptUrl(src, attempt)}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
        onLoad={() => setState('loaded')}
        onError={() => setState(attempt + 1 < THUMBNAIL_ATTEMPTS ? 'waiting' : 'notPublished')}
      />
    </span>
  );
}
