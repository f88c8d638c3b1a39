import styles from './poster.module.css';

type PosterProps = {
  src: string | undefined;
  alt: string;
  /** The first row of a grid loads at once; the rest when scrolled near. */
  eager?: boolean;
  /** The page's main poster (hero, details): loaded at once, ahead of every other image. */
  priority?: boolean;
  className?: string;
};

/**
 * A 2:3 poster; the frame keeps its shape while the image loads or when it is missing. A
 * span, so a poster may sit in a button (phrasing content only).
 */
export function Poster({ src, alt, eager = false, priority = false, className }: PosterProps) {
  return (
    <span className={[styles.frame, className].filter(Boolean).join(' ')}>
      {src ? (
        <img
          className={styles.image}
          src={src}
          alt={alt}
          width={400}
          height={600}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <span className={styles.missing} role="img" aria-label={alt} />
      )}
    </span>
  );
}
