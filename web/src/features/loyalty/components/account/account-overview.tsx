// The member's dashboard: points, card, rewards within reach, recent orders and
// favourites at a glance, each linking to its full screen.

import { Link } from '@/components/link';
import { HAND_OFF_PLACES } from '@/rules/offered-hand-offs';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { plural } from '@/rules/plural';
import { useAppData } from '@/api/get-app-data';
import { HandOffLinks } from '@/components/hand-off-links';
import { useFavouriteCinemas } from '../../api/get-favourite-cinemas';
import { useFavouriteFilms } from '../../api/get-favourite-films';
import { useOrderHistory } from '../../api/get-order-history';
import { useRewards } from '../../api/get-rewards';
import { useLoyaltySession } from '../../hooks/loyalty-session';
import { offersAlerts } from '../../utils/alert-preferences';
import { formatUnixDate, pointsBalance } from '../../utils/member-format';
import { isMemberExpired } from '../../utils/session-rules';
import { ScannableCode } from '../scannable-code';
import { PaymentPortalLink } from './payment-portal-link';
import { WalletPassButton } from './wallet-pass-button';
import styles from './account.module.css';

export function AccountOverview() {
  const t = useTranslate();
  const { member, config } = useLoyaltySession();
  const rewards = useRewards();
  const orders = useOrderHistory();
  const films = useFavouriteFilms();
  const cinemas = useFavouriteCinemas();
  const { data: appData } = useAppData();
  if (!member) return null;
  const points = pointsBalance(member.balances);
  const expiry = member.memberExpiry;
  const expires = expiry && !isMemberExpired(expiry, new Date()) && expiry !== '0001-01-01T00:00:00Z';
  return (
    <div className={styles.grid}>
      <section className={styles.panel} aria-labelledby="points-heading">
        <h2 id="points-heading">{t('loyalty.account.points')}</h2>
        <p className={styles.points} data-testid="member-points">
          {new Intl.NumberFormat(t.locale).format(points)}
        </p>
        {member.memberLevelName ? <p className={styles.muted}>{t('loyalty.account.level', [member.memberLevelName])}</p> : null}
        {expires ? (
          <p className={styles.muted}>
            {t('loyalty.account.expires', [formatUnixDate(Date.parse(expiry) / 1000, t.locale)])}
          </p>
        ) : null}
        <Link to={paths.accountScreen.build('history')}>{t('loyalty.account.seeHistory')}</Link>
        <HandOffLinks
          segments={HAND_OFF_PLACES.memberArea}
          provider={appData?.site.settings?.ticketingProvider}
          className={styles.list}
        />
      </section>
      {member.cardNumber ? (
        <section className={styles.panel} aria-labelledby="card-heading">
          <h2 id="card-heading">{t('loyalty.account.card')}</h2>
          <ScannableCode value={member.cardNumber} format={config.scannableCodeFormat} />
          <div className={styles.actions}>
            <WalletPassButton cardNumber={member.cardNumber} />
            <Link to={paths.accountScreen.build('cards')}>{t('loyalty.account.manageCards')}</Link>
          </div>
        </section>
      ) : null}
      <section className={styles.panel} aria-labelledby="rewards-heading">
        <h2 id="rewards-heading">{t('loyalty.account.rewards')}</h2>
        <ul className={styles.list}>
          {(rewards.data ?? []).slice(0, 3).map((reward) => (
            <li key={reward.rewardId} className={styles.row}>
              <span>{reward.name}</span>
              <span className={styles.muted}>{plural(t, 'loyalty.rewards.cost', reward.pointsCost ?? 0)}</span>
            </li>
          ))}
        </ul>
        <Link to={paths.accountScreen.build('rewards')}>{t('loyalty.account.seeRewards')}</Link>
      </section>
      <section className={styles.panel} aria-labelledby="orders-heading">
        <h2 id="orders-heading">{t('loyalty.account.recentOrders')}</h2>
        {orders.data?.length === 0 ? <p className={styles.muted}>{t('loyalty.history.noOrders')}</p> : null}
        <ul className={styles.list}>
          {(orders.data ?? []).slice(0, 3).map((order) => (
            <li key={order.orderId} className={styles.row}>
              <span className={styles.rowMain}>
                <strong>{order.filmTitle}</strong>
                <span className={styles.muted}>{formatUnixDate(order.placedAt, t.locale)}</span>
              </span>
              <span>{plural(t, 'loyalty.history.tickets', order.tickets ?? 0)}</span>
            </li>
          ))}
        </ul>
        <Link to={paths.accountScreen.build('history')}>{t('loyalty.account.seeHistory')}</Link>
      </section>
      <section className={styles.panel} aria-labelledby="favourites-heading">
        <h2 id="favourites-heading">{t('loyalty.account.favourites')}</h2>
        {config.includeWatchlist ? (
          <p>
            <Link to={paths.accountScreen.build('watchlist')}>
              {t('loyalty.account.watchlistCount', [films.data?.length ?? 0])}
            </Link>
          </p>
        ) : null}
        {member.cypherVersion === 3 ? (
          <p>
            <Link to={paths.accountScreen.build('theaters')}>
              {t('loyalty.account.theatersCount', [cinemas.data?.length ?? 0])}
            </Link>
          </p>
        ) : null}
        {offersAlerts(member, config.includeWatchlist) ? (
          <p>
            <Link to={paths.accountScreen.build('alerts')}>{t('loyalty.account.alerts')}</Link>
          </p>
        ) : null}
      </section>
      <section className={styles.panel} aria-labelledby="settings-heading">
        <h2 id="settings-heading">{t('loyalty.account.settings')}</h2>
        <ul className={styles.list}>
          <li>
            <Link to={paths.accountScreen.build('profile')}>{t('loyalty.account.editProfile')}</Link>
          </li>
          <li>
            <PaymentPortalLink />
          </li>
          <li>
            <Link to={paths.accountScreen.build('delete-account')}>{t('loyalty.account.deleteAccount')}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
