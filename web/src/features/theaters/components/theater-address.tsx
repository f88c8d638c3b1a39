import { Link } from '@/components/link';
import { useTranslate } from '@/state/i18n';
import type { Theater } from '@/types/api';
import { mapLink } from '../utils/map-link';
import styles from './theater-address.module.css';

export function TheaterAddress({ theater }: { theater: Theater }) {
  const t = useTranslate();
  const address = theater.address;
  const map = mapLink(theater);
  const cityLine = [address?.city, [address?.state, address?.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <address className={styles.address}>
      {address?.street ? <span>{address.street}</span> : null}
      {cityLine ? <span>{cityLine}</span> : null}
      {theater.phone ? <Link to={`tel:${theater.phone.replace(/[^+\d]/g, '')}`}>{theater.phone}</Link> : null}
      {map ? (
        <Link to={map} label={t('theater.mapLabel', { theaterName: theater.name ?? '' })} className={styles.map} data-testid="map-link">
          {t('theater.map')}
        </Link>
      ) : null}
    </address>
  );
}
