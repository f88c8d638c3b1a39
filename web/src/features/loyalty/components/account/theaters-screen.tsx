// Favourite theaters (docs/loyalty.md#favourites): version 3 sessions only. Each favourite has
// its own newsletter subscription; add and remove also refresh the member session.

import { useState } from 'react';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { useAppData } from '@/api/get-app-data';
import { useFavouriteCinemas } from '../../api/get-favourite-cinemas';
import { isFavouriteRefusal, useUpdateFavouriteCinemas } from '../../api/update-favourite-cinemas';
import { useLoyaltySession } from '../../hooks/loyalty-session';
import { useErrorText } from '../../hooks/use-error-text';
import { keepsFavouriteCinemas } from '../../utils/favourites';
import styles from './account.module.css';

export function TheatersScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const { data: appData } = useAppData();
  const { member } = useLoyaltySession();
  const list = useFavouriteCinemas();
  const change = useUpdateFavouriteCinemas();
  const [choosing, setChoosing] = useState<{ cinemaId: string; subscribe: boolean }>();
  if (!keepsFavouriteCinemas(member)) return <p className={styles.muted}>{t('loyalty.theaters.unavailable')}</p>;
  if (list.isPending) return <Spinner label={t('status.loading')} />;
  if (list.isError) return <p role="alert">{t('loyalty.theaters.loadFailed')}</p>;
  return (
    <section className={styles.panel} aria-labelledby="theaters-title">
      <h2 id="theaters-title">{t('loyalty.theaters.title')}</h2>
      {isFavouriteRefusal(change.error) ? (
        <p role="alert" className={styles.notice}>
          {errorText(change.error, 'loyalty.theaters.error')}
        </p>
      ) : null}
      <ul className={styles.list}>
        {(appData?.theaters ?? []).map((theater) => {
          const favourite = list.data.find((cinema) => cinema.cinemaId === theater.id);
          const busy = change.isPending && change.variables.cinemaId === theater.id;
          // The box shows the member's choice at once, in the same event, while it is saved.
          const subscribing =
            choosing?.cinemaId === theater.id ? choosing.subscribe : Boolean(favourite?.subscribeToNewsletter);
          return (
            <li key={theater.id} className={styles.row} data-testid="favourite-theater">
              <span className={styles.rowMain}>
                <strong>{theater.name}</strong>
                {favourite ? (
                  <label className={styles.check}>
                    <input
                      type="checkbox"
                      checked={subscribing}
                      disabled={busy}
                      onChange={(event) => {
                        const subscribe = event.target.checked;
                        setChoosing({ cinemaId: theater.id, subscribe });
                        change.mutate(
                          { kind: 'newsletter', cinemaId: theater.id, subscribe, favourites: list.data },
                          { onSettled: () => setChoosing(undefined) },
                        );
                      }}
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
