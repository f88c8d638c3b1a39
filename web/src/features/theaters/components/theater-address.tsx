import type { Theater } from '@/types/api';
import styles from './theater-address.module.css';

export function TheaterAddress({ theater }: { theater: Theater }) {
  const address = theater.address;
  const cityLine = [address?.city, [address?.state, address?.zipCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <address className={styles.address}>
      {address?.street ? <span>{address.street}</span> : null}
      {cityLine ? <span>{cityLine}</span> : null}
      {theater.phone ? <a href={`tel:${theater.phone.replace(/[^+\d]/g, '')}`}>{theater.phone}</a> : null}
    </address>
  );
}
