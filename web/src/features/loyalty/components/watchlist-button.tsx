// "Add to watchlist" on a movie page, on sites with includeWatchlist. A guest, and every
// visitor while the session is being checked (the published page too), gets the same
// button as a link to the sign-in page: the member's toggle then takes its place without
// moving the page.

import { Link } from '@/components/link';
import { useAppData } from '@/api/get-app-data';
import { useTranslate } from '@/state/i18n';
import { useLoyaltySession } from '../hooks/loyalty-session';
import { useErrorText } from '../hooks/use-error-text';
import { useWatchlist } from '../hooks/use-watchlist';
import { loginPagePath } from '../utils/login-page';
import { MemberSession } from './member-session';

function Toggle({ movieId, title }: { movieId: string; title: string }) {
  const t = useTranslate();
  const errorText = useErrorText();
  const { ids, isPending, toggle, pendingId, error } = useWatchlist();
  const listed = ids.includes(movieId);
  return (
    <>
      <button
        type="button"
        className={listed ? 'button' : 'button button-secondary'}
        aria-pressed={listed}
        disabled={isPending || pendingId === movieId}
        onClick={() => void toggle(movieId)}
        // The name starts with the text shown; aria-pressed says whether it is listed.
        aria-label={t(listed ? 'loyalty.watchlist.listedLabel' : 'loyalty.watchlist.addLabel', [title])}
        data-testid="watchlist-button"
      >
        {t(listed ? 'loyalty.watchlist.listed' : 'loyalty.watchlist.add')}
      </button>
      {error ? <p role="alert">{errorText(error)}</p> : null}
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

function MemberToggle(props: { movieId: string; title: string }) {
  const { member, config } = useLoyaltySession();
  if (!config.includeWatchlist) return null;
  return member ? <Toggle {...props} /> : <SignInToAdd />;
}

export function WatchlistButton(props: { movieId: string; title: string }) {
  return (
    <MemberSession>
      <MemberToggle {...props} />
    </MemberSession>
  );
}
