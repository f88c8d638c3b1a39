// The member's orders and points transactions, newest first.

import { useTranslate } from '@/state/i18n';
import { plural } from '@/rules/plural';
import { useOrderHistory } from '../../api/get-order-history';
import { useTransactionHistory } from '../../api/get-transaction-history';
import type { Order, PointTransaction } from '../../types';
import { formatCents, formatUnixDate } from '../../utils/member-format';
import { HistoryPanel, type HistoryColumn } from './history-panel';
import { WalletPassButton } from './wallet-pass-button';
import styles from './account.module.css';

export function HistoryScreen() {
  const t = useTranslate();
  const orders = useOrderHistory();
  const transactions = useTransactionHistory();
  const orderColumns: HistoryColumn<Order>[] = [
    { headingKey: 'loyalty.history.date', cell: (order) => formatUnixDate(order.placedAt, t.locale) },
    {
      headingKey: 'loyalty.history.film',
      cell: (order) => (
        <>
          {order.filmTitle}
          <br />
          <span className={styles.muted}>{plural(t, 'loyalty.history.tickets', order.tickets ?? 0)}</span>
        </>
      ),
    },
    { headingKey: 'loyalty.history.total', cell: (order) => formatCents(order.totalCents, t.locale), numeric: true },
    {
      headingKey: 'loyalty.history.eTicket',
      action: true,
      // One button per row: each name says which order's tickets it adds.
      cell: (order) => (
        <WalletPassButton
          bookingId={order.orderId}
          label={t('loyalty.wallet.addTicketLabel', [order.filmTitle, formatUnixDate(order.placedAt, t.locale), order.orderId])}
        />
      ),
    },
  ];
  const transactionColumns: HistoryColumn<PointTransaction>[] = [
    { headingKey: 'loyalty.history.date', cell: (entry) => formatUnixDate(entry.happenedAt, t.locale) },
    { headingKey: 'loyalty.history.description', cell: (entry) => entry.description },
    { headingKey: 'loyalty.history.points', cell: (entry) => (entry.points > 0 ? `+${entry.points}` : entry.points), numeric: true },
  ];
  return (
    <div className={styles.grid}>
      <HistoryPanel
        id="orders"
        titleKey="loyalty.history.orders"
        emptyKey="loyalty.history.noOrders"
        entries={orders}
        entryKey={(order) => order.orderId}
        columns={orderColumns}
      />
      <HistoryPanel
        id="transactions"
        titleKey="loyalty.history.transactions"
        emptyKey="loyalty.history.noTransactions"
        entries={transactions}
        entryKey={(entry) => entry.transactionId}
        columns={transactionColumns}
      />
    </div>
  );
}
