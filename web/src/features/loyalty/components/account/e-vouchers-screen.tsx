// E-voucher concessions on sale at the current theater (anonymous).

import { useQuery } from '@tanstack/react-query';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/lib/i18n';
import { useLoyaltyApi } from '../../api/loyalty-api';
import { loyaltyKeys } from '../../api/loyalty-keys';
import { useErrorText } from '../../hooks/use-error-text';
import { formatCents } from '../../utils/member-format';
import type { EVoucherConcession } from './account-types';
import styles from './account.module.css';

export function EVouchersScreen() {
  const t = useTranslate();
  const errorText = useErrorText();
  const { routes, call, context } = useLoyaltyApi();
  const vouchers = useQuery({
    queryKey: loyaltyKeys.eVouchers(context.cinemaId),
    queryFn: async () =>
      ((await call({ method: 'GET', route: routes.eVoucherConcessions(), anonymous: true })).concessions ?? []) as EVoucherConcession[],
  });
  return (
    <section className={styles.panel} aria-labelledby="vouchers-title">
      <h2 id="vouchers-title">{t('loyalty.eVouchers.title')}</h2>
      {vouchers.isPending ? <Spinner label={t('status.loading')} /> : null}
      {vouchers.isError ? <p role="alert">{errorText(vouchers.error)}</p> : null}
      {vouchers.data?.length === 0 ? <p className={styles.muted}>{t('loyalty.eVouchers.none')}</p> : null}
      <ul className={styles.list}>
        {(vouchers.data ?? []).map((voucher) => (
          <li key={voucher.id} className={styles.row}>
            <span>{voucher.name}</span>
            <strong>{formatCents(voucher.priceCents, t.locale)}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
