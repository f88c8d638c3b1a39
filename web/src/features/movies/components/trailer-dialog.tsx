import { useId, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { Link } from '@/components/link';
import { useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import { grantVideoConsent, hasVideoConsent, trailerPlayerUrl, youtubeVideoId } from '../utils/trailer';
import styles from './trailer-dialog.module.css';

/**
 * "Play trailer": opens a dialog with the trailer in YouTube's privacy-enhanced player,
 * after the visitor agrees to YouTube (asked in the dialog, then remembered). Before the
 * page is hydrated, and with JavaScript off, it is a link to the video on YouTube.
 */
export function TrailerButton({ trailerUrl, title }: { trailerUrl: string | undefined; title: string }) {
  const t = useTranslate();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const videoId = youtubeVideoId(trailerUrl);
  if (!videoId || !trailerUrl) return null;
  const label = t('movie.trailer.play');
  return (
    <>
      {hydrated ? (
        <button type="button" className={`button button-secondary ${styles.play}`} onClick={() => setOpen(true)} data-testid="play-trailer">
          <PlayIcon />
          {label}
        </button>
      ) : (
        <Link to={trailerUrl} className={`button button-secondary ${styles.play}`}>
          <PlayIcon />
          {label}
        </Link>
      )}
      {open ? <TrailerDialog videoId={videoId} trailerUrl={trailerUrl} title={title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
      <path d="M8 5v14l11-7L8 5Z" />
    </svg>
  );
}

type TrailerDialogProps = { videoId: string; trailerUrl: string; title: string; onClose: () => void };

function TrailerDialog({ videoId, trailerUrl, title, onClose }: TrailerDialogProps) {
  const t = useTranslate();
  const id = useId();
  const [agreed, setAgreed] = useState(hasVideoConsent);
  const heading = t('movie.trailer.title', [title]);
  return (
    <Dialog labelledBy={`${id}-title`} onDismiss={onClose} wide>
      <div className={styles.head}>
        <h2 id={`${id}-title`} className={styles.title}>
          {heading}
        </h2>
        <button type="button" className={`button button-secondary ${styles.close}`} onClick={onClose}>
          {t('dialog.close')}
        </button>
      </div>
      {agreed ? (
        <div className={styles.player}>
          <iframe
            src={trailerPlayerUrl(videoId)}
            title={heading}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            data-testid="trailer-player"
          />
        </div>
      ) : (
        <div className={styles.consent} data-testid="trailer-consent">
          <p>{t('movie.trailer.consent')}</p>
          <div className={styles.choices}>
            <button
              type="button"
              className="button"
              onClick={() => {
                grantVideoConsent();
                setAgreed(true);
              }}
            >
              {t('movie.trailer.agree')}
            </button>
            <Link to={trailerUrl} className="button button-secondary">
              {t('movie.trailer.onYoutube')}
            </Link>
          </div>
        </div>
      )}
    </Dialog>
  );
}
