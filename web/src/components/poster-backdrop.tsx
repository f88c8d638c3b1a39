import styles from './poster-backdrop.module.css';

/**
 * A poster blurred behind a page's header (`className` sets the blur and where it
 * sits). An image element rather than a CSS background: the browser paints it in the
 * same frame as the poster beside it, where a background would come one frame later and
 * be the page's last large paint.
 */
export function PosterBackdrop({ src, className }: { src: string | undefined; className?: string }) {
  return (
    <div className={className} aria-hidden="true">
      {src ? <img className={styles.image} src={src} alt="" /> : null}
    </div>
  );
}
