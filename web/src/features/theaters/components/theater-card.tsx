import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import { plural } from '@/rules/plural';
import type { Theater } from '@/types/api';
import { TheaterAddress } from './theater-address';
import styles from './theater-card.module.css';

type TheaterCardProps = {
  theater: Theater;
  isSelected: boolean;
  /** How far away it is, once the visitor's position is known. */
  distance?: string | undefined;
};

export function TheaterCard({ theater, isSelected, distance }: TheaterCardProps) {
  const t = useTranslate();
  return (
    <article className={styles.card} data-testid="theater-card">
      <div className={styles.head}>
        <h2 className={styles.name}>
          <Link to={paths.theater.build(theater)}>{theater.name}</Link>
        </h2>
        {isSelected ? <span className={styles.badge}>{t('theaters.yourTheater')}</span> : null}
      </div>
      {distance ? (
        <p className={styles.distance} data-testid="theater-distance">
          {distance}
        </p>
      ) : null}
      <TheaterAddress theater={theater} />
      {theater.screens ? <p className={styles.detail}>{plural(t, 'theaters.screens', theater.screens)}</p> : null}
      {theater.amenities?.length ? (
        <ul className={styles.amenities}>
          {theater.amenities.map((amenity) => (
            <li key={amenity}>{amenity}</li>
          ))}
        </ul>
      ) : null}
      <Link to={paths.theater.build(theater)} className={`button ${styles.action}`}>
        {t('theaters.showtimes')}
      </Link>
    </article>
  );
}
