// "Add to watchlist" on a movie page, for members of sites with includeWatchlist.

import { useTranslate } from '@/lib/i18n';
import { useLoyaltySession } from '../hooks/loyalty-session';
import { useErrorText } from '../hooks/use-error-text';
import { useWatchlist } from '../hooks/use-watchlist';
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
        aria-label={t(listed ? 'loyalty.watchlist.removeLabel' : 'loyalty.watchlist.addLabel', [title])}
        data-testid="watchlist-button"
      >
        {t(listed ? 'loyalty.watchlist.listed' : 'loyalty.watchlist.add')}
      </button>
      {error ? <p role="alert">{errorText(error)}</p> : null}
    </>
  );
}

function MemberToggle(props: { movieId: string; title: string }) {
  const { member, config } = useLoyaltySession();
  if (!member || !config.includeWatchlist) return null;
  return <Toggle {...props} />;
}

export function WatchlistButton(props: { movieId: string; title: string }) {
  return (
    <MemberSession>
      <MemberToggle {...props} />
    </MemberSession>
  );
}
