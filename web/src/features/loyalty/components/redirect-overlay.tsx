// docs/pages-and-links.md#hand-offs-to-ticketing: a modal over the whole page while a version 1
// hand-off waits its 5 seconds, with a spinner and a link that opens the ticketing URL in
// the same tab at once. The member's token is added as the page navigates, never to the
// link's href, which a tag manager's click trigger reads.

import { useEffect } from 'react';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { REDIRECT_DELAY_MS, withTokenParameter } from '../utils/hand-off';
import styles from './redirect-overlay.module.css';

type RedirectOverlayProps = {
  /** The ticketing URL, without the token. */
  url: string;
  provider: string;
  token: string;
  /** Navigates the page; the browser's location by default. */
  navigate?: (url: string) => void;
};

const goTo = (url: string) => window.location.assign(url);

export function RedirectOverlay({ url, provider, token, navigate = goTo }: RedirectOverlayProps) {
  const t = useTranslate();
  const urlWithToken = withTokenParameter(url, provider, token);
  useEffect(() => {
    const timer = setTimeout(() => navigate(urlWithToken), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [urlWithToken, navigate]);
  // Not dismissible: the hand-off goes ahead whatever the member presses.
  return (
    <Dialog labelledBy="redirect-overlay-text">
      <div className={styles.panel}>
        <p id="redirect-overlay-text">{t('loyalty.handOff.redirecting')}</p>
        <Spinner label={t('status.loading')} />
        <a
          className="button"
          href={url}
          target="_self"
          onClick={(event) => {
            event.preventDefault();
            navigate(urlWithToken);
          }}
        >
          {t('loyalty.handOff.clickHere')}
        </a>
      </div>
    </Dialog>
  );
}
