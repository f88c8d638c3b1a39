// "Add to watchlist" on a movie page, on sites with includeWatchlist. A guest, and every
// visitor while the session is being checked (the published page too), gets the same
// button as a link to the sign-in page: the member's toggle then takes its place without
// moving the page. For a member offered alerts (docs/loyalty.md#alerts), a movie without
// showtimes yet says what the watchlist will tell them, and a first add while their alerts
// were never chosen offers them beside the button.

import { lazy, Suspense, useId } from 'react';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useAppData } from '@/api/get-app-data';
import { useTranslate } from '@/state/i18n';
import { useAlertPreferences } from '../api/get-alert-preferences';
import { useAlertsOffer } from '../hooks/use-alerts-offer';
import { useLoyaltySession } from '../hooks/loyalty-session';
import { useErrorText } from '../hooks/use-error-text';
import { useWatchlist } from '../hooks/use-watchlist';
import { offersAlerts, watchlistAlertNote, type WatchlistAlertNote } from '../utils/alert-preferences';
import { loginPagePath } from '../utils/login-page';
import { MemberSession } from './member-session';
import styles from './watchlist-button.module.css';

// Loaded when it is shown, with the push code.
const AlertsOffer = lazy(async () => ({ default: (await import('./alerts-offer')).AlertsOffer }));

type WatchlistButtonProps = {
  movieId: string;
  title: string;
  /** The movie has no showtimes yet: the member's button says it will tell them when tickets go on sale. */
  awaitingShowtimes?: boolean;
};

const NOTE_KEYS: Record<WatchlistAlertNote, string> = {
  toldOnSale: 'loyalty.watchlist.toldOnSale',
  addToHear: 'loyalty.watchlist.addToHear',
  turnOnAlerts: 'loyalty.watchlist.turnOnAlerts',
};

function AlertNote({ id, note }: { id: string; note: WatchlistAlertNote }) {
  const t = useTranslate();
  return (
    <p id={id} className={styles.note} data-testid="watchlist-alert-note">
      {note === 'turnOnAlerts' ? (
        <Link to={paths.accountScreen.build('alerts')}>{t(NOTE_KEYS[note])}</Link>
      ) : (
        t(NOTE_KEYS[note])
      )}
    </p>
  );
}

function Toggle({ movieId, title, awaitingShowtimes = false }: WatchlistButtonProps) {
  const t = useTranslate();
  const errorText = useErrorText();
  const { member, config } = useLoyaltySession();
  const { ids, isPending, toggle, pendingId, error } = useWatchlist();
  const alerts = useAlertPreferences({ wanted: awaitingShowtimes });
  const offer = useAlertsOffer();
  const noteId = useId();
  const listed = ids.includes(movieId);
  const note =
    awaitingShowtimes && offersAlerts(member, config.includeWatchlist) && alerts.data
      ? watchlistAlertNote(listed, alerts.data.preferences)
      : undefined;
  return (
    <>
      <button
        type="button"
        className={listed ? 'button' : 'button button-secondary'}
        aria-pressed={listed}
        disabled={isPending || pendingId === movieId}
        onClick={() =>
          void toggle(movieId).then((added) => {
            if (added) void offer.consider();
          })
        }
        // The name starts with the text shown; aria-pressed says whether it is listed.
        aria-label={t(listed ? 'loyalty.watchlist.listedLabel' : 'loyalty.watchlist.addLabel', [title])}
        aria-describedby={note ? noteId : undefined}
        data-testid="watchlist-button"
      >
        {t(listed ? 'loyalty.watchlist.listed' : 'loyalty.watchlist.add')}
      </button>
      {note ? <AlertNote id={noteId} note={note} /> : null}
      {error ? <p role="alert">{errorText(error)}</p> : null}
      {/* Always there, so screen readers hear the offer when it comes. */}
      <p className="visually-hidden" aria-live="polite">
        {offer.shown ? t('loyalty.alertsOffer.question') : ''}
      </p>
      {offer.shown ? (
        <Suspense fallback={null}>
          <AlertsOffer onPutOff={offer.putOff} onClose={offer.close} />
        </Suspense>
      ) : null}
    </>
  );
}

function SignInToAdd() {
  const t = useTranslate();
  const { data } = useAppData();
  const loginSlug = data?.site.settings?.loginPage?.slug ?? '';
  return (
    <Link
      to={loginPagePath(loginSlug)}
      className="button button-secondary"
      data-testid="watchlist-sign-in"
    >
      {t('loyalty.watchlist.add')}
    </Link>
  );
}

function MemberToggle(props: WatchlistButtonProps) {
  const { member, config } = useLoyaltySession();
  if (!config.includeWatchlist) return null;
  return member ? <Toggle {...props} /> : <SignInToAdd />;
}

export function WatchlistButton(props: WatchlistButtonProps) {
  return (
    <MemberSession>
      <MemberToggle {...props} />
    </MemberSession>
  );
}
