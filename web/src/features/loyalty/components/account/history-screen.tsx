// The member's orders and points transactions, newest first.

import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/lib/i18n';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { loyaltyKeys } from '../../api/loyalty-keys';
import { useErrorText } from '../../hooks/use-error-text';
import { formatCents, formatUnixDate } from '../../utils/member-format';
import type { Order, PointTransaction } from './account-types';
import styles from './account.module.css';

export function HistoryScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const { member, routes, call } = useLoyaltyApi();
  const memberId = member?.memberId ?? '';
  const orders = useQuery({
    queryKey: loyaltyKeys.orders(memberId),
    queryFn: async () => ((await call({ method: 'GET', route: routes.orderHistory(10) })).orders ?? []) as Order[],
  });
  const transactions = useQuery({
    queryKey: loyaltyKeys.transactions(memberId),
    queryFn: async () =>
      ((await call({ method: 'GET', route: routes.transactionHistory(20) })).transactions ?? []) as PointTransaction[],
  });
  return (
    <div className={styles.grid}>
      <section className={styles.panel} aria-labelledby="orders-title">
        <h2 id="orders-title">{t('loyalty.history.orders')}</h2>
        {orders.isPending ? <Spinner label={t('status.loading')} /> : null}
        {orders.isError ? <p role="alert">{errorText(orders.error)}</p> : null}
        {orders.data?.length === 0 ? <p className={styles.muted}>{t('loyalty.history.noOrders')}</p> : null}
        {orders.data?.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="orders">
              <thead>
                <tr>
                  <th scope="col">{t('loyalty.history.date')}</th>
                  <th scope="col">{t('loyalty.history.film')}</th>
                  <th scope="col" className={styles.number}>{t('loyalty.history.total')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.data.map((order) => (
                  <tr key={order.orderId}>
                    <td>{formatUnixDate(order.placedAt, t.locale)}</td>
                    <td>
                      {order.filmTitle}
                      <br />
                      <span className={styles.muted}>{t('loyalty.history.tickets', [order.tickets])}</span>
                    </td>
                    <td className={styles.number}>{formatCents(order.totalCents, t.locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section className={styles.panel} aria-labelledby="transactions-title">
        <h2 id="transactions-title">{t('loyalty.history.transactions')}</h2>
        {transactions.isPending ? <Spinner label={t('status.loading')} /> : null}
        {transactions.isError ? <p role="alert">{errorText(transactions.error)}</p> : null}
        {transactions.data?.length === 0 ? <p className={styles.muted}>{t('loyalty.history.noTransactions')}</p> : null}
        {transactions.data?.length ? (
          <div className={styles.tableWrap}>
            <table className={styles.table} data-testid="transactions">
              <thead>
                <tr>
                  <th scope="col">{t('loyalty.history.date')}</th>
                  <th scope="col">{t('loyalty.history.description')}</th>
                  <th scope="col" className={styles.number}>{t('loyalty.history.points')}</th>
                </tr>
              </thead>
              <tbody>
                {transactions.data.map((entry) => (
                  <tr key={entry.transactionId}>
                    <td>{formatUnixDate(entry.happenedAt, t.locale)}</td>
                    <td>{entry.description}</td>
                    <td className={styles.number}>{entry.points > 0 ? `+${entry.points}` : entry.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </div>
  );
}
