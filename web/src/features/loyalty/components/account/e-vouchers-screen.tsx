// E-voucher concessions on sale at the current theater (anonymous), and where to buy them.

import { useAppData } from '@/api/get-app-data';
import { Link } from '@/components/link';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { HAND_OFF_PLACES, offeredHandOffs } from '@/rules/offered-hand-offs';
import { useTranslate } from '@/state/i18n';
import { useCurrentTheater } from '@/state/use-current-theater';
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
      <p>{t('loyalty.eVouchers.about')}</p>
      <TheaterNeeded reason={t('loyalty.eVouchers.chooseTheater')}>
        <EVoucherList />
        <BuyEVouchers />
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

/**
 * The ticketing site's vouchers hand-off, for the theater (its own provider, else the
 * site's), when the provider offers it; otherwise where e-vouchers are sold.
 */
function BuyEVouchers() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const theater = useCurrentTheater();
  const provider = theater?.ticketingProvider ?? appData?.site.settings?.ticketingProvider;
  const [segment] = offeredHandOffs(provider, HAND_OFF_PLACES.eVouchers);
  if (!segment) return <p className={styles.muted}>{t('loyalty.eVouchers.whereToBuy')}</p>;
  return (
    <Link to={paths.handOff.build(segment, { theaterId: theater?.id })} className={`button ${styles.buy}`}>
      {t('loyalty.eVouchers.buy')}
    </Link>
  );
}
