// Favourite theaters (SPEC.md section 4): version 3 sessions only. Each favourite has
// its own newsletter subscription; add and remove also refresh the member session.

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/lib/i18n';
import { useAppData } from '@/features/site/api/get-app-data';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { loyaltyKeys } from '../../api/loyalty-keys';
import { useErrorText } from '../../hooks/use-error-text';
import { favoriteCinemas, withNewsletter, type FavoriteCinema } from '../../utils/favourites';
import styles from './account.module.css';

type Change =
  | { kind: 'add' | 'remove'; cinemaId: string }
  | { kind: 'newsletter'; cinemaId: string; subscribe: boolean; previous: FavoriteCinema[] };

export function TheatersScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const { data: appData } = useAppData();
  const { member, routes, call, context, refresh } = useLoyaltyApi();
  const key = loyaltyKeys.favouriteCinemas(member?.memberId ?? '');
  const canUse = member?.cypherVersion === 3 && Boolean(member.token);
  const list = useQuery({
    queryKey: key,
    queryFn: async () => favoriteCinemas(await call({ method: 'GET', route: routes.favoriteCinemas() })),
    enabled: canUse,
  });
  const entry = (cinemaId: string, subscribe: boolean) => ({ [`${context.brand}CinemaId`]: cinemaId, subscribeToNewsletter: subscribe });
  const change = useMutation({
    mutationFn: async (change: Change): Promise<FavoriteCinema[]> => {
      if (change.kind === 'add') {
        return favoriteCinemas(await call({ method: 'POST', route: routes.addFavoriteCinema(), payload: { favoriteCinemas: entry(change.cinemaId, true) } }));
      }
      if (change.kind === 'remove') {
        return favoriteCinemas(await call({ method: 'POST', route: routes.removeFavoriteCinema(), payload: { [`${context.brand}CinemaId`]: change.cinemaId } }));
      }
      if (change.kind !== 'newsletter') throw new Error('unknown change');
      const next = withNewsletter(change.previous, change.cinemaId, change.subscribe);
      return favoriteCinemas(
        await call({
          method: 'POST',
          route: routes.updateFavoriteCinemas(),
          payload: { favoriteCinemas: next.map((cinema) => entry(cinema.boxofficeCinemaId, cinema.subscribeToNewsletter)) },
        }),
      );
    },
    onError: (_error, change) => {
      if (change.kind === 'newsletter') queryClient.setQueryData(key, change.previous);
    },
    onSuccess: async (cinemas, change) => {
      queryClient.setQueryData(key, cinemas);
      if (change.kind !== 'newsletter') await refresh();
    },
  });
  // The newsletter box follows the click at once, and goes back if the call fails.
  const setNewsletter = (cinemaId: string, subscribe: boolean) => {
    const previous = list.data ?? [];
    queryClient.setQueryData(key, withNewsletter(previous, cinemaId, subscribe));
    change.mutate({ kind: 'newsletter', cinemaId, subscribe, previous });
  };
  if (!canUse) return <p className={styles.muted}>{t('loyalty.theaters.unavailable')}</p>;
  if (list.isPending) return <Spinner label={t('status.loading')} />;
  if (list.isError) return <p role="alert">{t('loyalty.theaters.loadFailed')}</p>;
  return (
    <section className={styles.panel} aria-labelledby="theaters-title">
      <h2 id="theaters-title">{t('loyalty.theaters.title')}</h2>
      {change.isError ? (
        <p role="alert" className={styles.notice}>
          {errorText(change.error, 'loyalty.theaters.error')}
        </p>
      ) : null}
      <ul className={styles.list}>
        {(appData?.theaters ?? []).map((theater) => {
          const favourite = list.data.find((cinema) => cinema.boxofficeCinemaId === theater.id);
          const busy = change.isPending && change.variables.cinemaId === theater.id;
          return (
            <li key={theater.id} className={styles.row} data-testid="favourite-theater">
              <span className={styles.rowMain}>
                <strong>{theater.name}</strong>
                {favourite ? (
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={favourite.subscribeToNewsletter}
                      disabled={busy}
                      onChange={(event) => setNewsletter(theater.id, event.target.checked)}
                    />
                    {t('loyalty.theaters.newsletter')}
                  </label>
                ) : null}
              </span>
              <button
                type="button"
                className={favourite ? 'button button-secondary' : 'button'}
                aria-pressed={Boolean(favourite)}
                disabled={busy}
                onClick={() => change.mutate({ kind: favourite ? 'remove' : 'add', cinemaId: theater.id })}
                aria-label={t(favourite ? 'loyalty.theaters.removeLabel' : 'loyalty.theaters.addLabel', [theater.name ?? ''])}
              >
                {t(favourite ? 'loyalty.theaters.remove' : 'loyalty.theaters.add')}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
