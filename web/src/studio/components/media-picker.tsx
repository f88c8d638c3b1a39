import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import type { MediaItem } from '../api';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { useSiteMedia } from '../hooks/use-site-media';
import { MediaSearch } from './media-search';
import { MediaThumbnail } from './media-thumbnail';
import styles from './media-picker.module.css';

type MediaPickerProps = {
  siteId: string;
  /** What the picker is for, which names its button and its list ("the image", "the SEO image"). */
  purpose: string;
  /**
   * The image chosen: the picker closes, and the caller fills its fields (the item's `path`,
   * its alt text) and moves the focus to one of them (the picker's list, which had it, goes).
   */
  onPick: (item: MediaItem) => void;
};

/**
 * Choosing an image of the site's media library where a page names one (its image blocks,
 * its SEO image): a button that opens the library, searched, each image a button that
 * picks it. The library is asked for once the picker is open, never before. Every button
 * is a plain one (`type="button"`) and the search no form, since the picker sits inside
 * the page's form. Escape closes it, the focus back on its button.
 */
export function MediaPicker({ siteId, purpose, onPick }: MediaPickerProps) {
  const t = useTranslate();
  const [open, setOpen] = useState(false);
  const choicesId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <div className={styles.picker}>
      <button
        ref={toggle}
        type="button"
        className="button button-secondary"
        aria-expanded={open}
        aria-controls={open ? choicesId : undefined}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {t('studio.media.picker.open', { purpose })}
      </button>
      {open ? (
        <MediaChoices
          id={choicesId}
          siteId={siteId}
          purpose={purpose}
          onPick={(item) => {
            setOpen(false);
            onPick(item);
          }}
          onClose={close}
        />
      ) : null}
    </div>
  );
}

type MediaChoicesProps = {
  id: string;
  siteId: string;
  purpose: string;
  onPick: (item: MediaItem) => void;
  onClose: () => void;
};

/** The library as the picker shows it, mounted (and so asked for) only while it is open. */
function MediaChoices({ id, siteId, purpose, onPick, onClose }: MediaChoicesProps) {
  const t = useTranslate();
  const [q, setQ] = useState('');
  const media = useSiteMedia(siteId, q);
  useForgetSessionIfEnded(media.error);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    // The picker's alone: the panel it is in stays open.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the keys of its own controls, bubbling: Escape closes it, as a disclosure's content is closed
    <div id={id} role="group" aria-label={t('studio.media.picker.name', { purpose })} className={styles.choices} onKeyDown={onKeyDown} data-testid="studio-media-picker">
      <MediaSearch name={t('studio.media.picker.search', { purpose })} onSearch={setQ} />
      {media.data ? (
        media.data.length === 0 ? (
          <p className={styles.none}>{t(q ? 'studio.media.picker.noMatch' : 'studio.media.picker.empty', { q })}</p>
        ) : (
          <ul className={styles.list} aria-label={t('studio.media.picker.list', { purpose })} aria-busy={media.isPlaceholderData || undefined}>
            {media.data.map((item) => (
              <li key={item.id}>
                <button type="button" className={styles.choice} onClick={() => onPick(item)}>
                  {/* Its alt text is the button's words, below it: the picture itself adds none. */}
                  <MediaThumbnail src={item.thumbnailUrl} alt="" width={item.width} height={item.height} />
                  <span className={styles.alt}>{item.alt}</span>
                  <span className={styles.fileName}>{item.fileName}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : media.isError ? (
        <div role="alert" className={styles.problem}>
          <p>{t('studio.media.picker.failed')}</p>
          <button type="button" className="button button-secondary" onClick={() => void media.refetch()}>
            {t('studio.problem.retry')}
          </button>
        </div>
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
      <div>
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('studio.media.picker.close')}
        </button>
      </div>
    </div>
  );
}
