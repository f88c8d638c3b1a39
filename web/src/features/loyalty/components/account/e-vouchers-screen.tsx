// E-voucher concessions on sale at the current theater (anonymous).

import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { useEVouchers } from '../../api/get-e-vouchers';
import { useErrorText } from '../../hooks/use-error-text';
import { formatCents } from '../../utils/member-format';
import { TheaterNeeded } from './theater-needed';
import styles from './account.module.css';

export function EVouchersScreen() {
  const t = useTranslate();
  return (
    <section className={styles.panel} aria-labelledby="vouchers-title">
      <h2 id="vouchers-title">{t('loyalty.eVouchers.title')}</h2>
      <TheaterNeeded reason={t('loyalty.eVouchers.chooseTheater')}>
        <EVoucherList />
      </TheaterNeeded>
    </section>
  );
}

function EVoucherList() {
  const t = useTranslate();
  const errorText = useErrorText();
  const vouchers = useEVouchers();
  return (
    <>
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
    </>
  );
}
