import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslate } from '@/state/i18n';
import type { StudioSite } from '../api';
import { usePreviewAddress } from '../hooks/use-preview-address';
import { isMountedMessage, messagesToPost, previewFrame, previewMessages, type PreviewLook, type PreviewMessage } from '../preview-messages';
import styles from './look-preview.module.css';

/** Posts `messages` to the frame's window, to the site's `origin` alone (never '*': the look is the draft's, unpublished). */
function post(frame: Window, messages: readonly PreviewMessage[], origin: string): void {
  for (const message of messages) frame.postMessage(message, origin);
}

/**
 * The site's home page as the draft has it, in a frame on the site's own host (its draft
 * preview), showing `look` live: once the site in it says it is mounted (and again after
 * each reload inside it), it is sent the whole look; after each edit, what the edit
 * changed (preview-messages.ts). Messages from any other window or origin are ignored.
 * Each save to the draft gives the preview a new address, which reloads the frame.
 */
export function LookPreview({ site, look }: { site: StudioSite; look: PreviewLook }) {
  const t = useTranslate();
  const titleId = useId();
  const frame = useRef<HTMLIFrameElement>(null);
  const preview = usePreviewAddress(site.id, '/');
  const address = useMemo(() => (preview.data ? previewFrame(preview.data) : undefined), [preview.data]);
  const messages = useMemo(() => previewMessages(look), [look]);
  // The messages that show the look now, for the frame's next "mounted".
  const latest = useRef(messages);
  // What the frame was sent since it last mounted; undefined before it has (it would miss them).
  const sent = useRef<readonly PreviewMessage[] | undefined>(undefined);

  useEffect(() => {
    latest.current = messages;
    const target = frame.current?.contentWindow;
    if (!address || !target || !sent.current) return;
    post(target, messagesToPost(sent.current, messages), address.origin);
    sent.current = messages;
  }, [address, messages]);

  useEffect(() => {
    // A new address loads the frame again: it is sent the whole look once it has mounted.
    sent.current = undefined;
    if (!address) return undefined;
    const onMessage = (event: MessageEvent) => {
      const target = frame.current?.contentWindow;
      if (!target || !isMountedMessage(event, target, address.origin)) return;
      post(target, latest.current, address.origin);
      sent.current = latest.current;
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [address]);

  return (
    <section className={styles.preview} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.look.preview')}</h2>
      {address ? (
        <>
          <p className={styles.hint}>{t('studio.look.preview.hint')}</p>
          <iframe
            ref={frame}
            src={address.url}
            title={t('studio.look.preview.frame', { site: site.name })}
            className={styles.frame}
            // The site runs as itself (its scripts, its storage), but cannot navigate the studio.
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
            data-testid="studio-look-preview"
          />
        </>
      ) : (
        // A separate element for the failure: an alert is announced as it appears.
        preview.isError ? (
          <p className={styles.hint} role="alert">
            {t('studio.look.preview.none', { site: site.name })}
          </p>
        ) : (
          <p className={styles.hint}>{t('studio.look.preview.loading', { site: site.name })}</p>
        )
      )}
    </section>
  );
}
