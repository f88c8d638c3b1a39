import styles from './poster.module.css';

type PosterProps = {
  src: string | undefined;
  alt: string;
  /** The hero and the first row of a grid load at once; the rest when scrolled near. */
  eager?: boolean;
  className?: string;
};

/** A 2:3 poster; the frame keeps its shape while the image loads or when it is missing. */
export function Poster({ src, alt, eager = false, className }: PosterProps) {
  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')}>
      {src ? (
        <img
          className={styles.image}
          src={src}
          alt={alt}
          width={400}
          height={600}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
        />
      ) : (
        <span className={styles.missing} role="img" aria-label={alt} />
      )}
    </div>
  );
}
