import { ExternalLink } from '@/components/external-link';
import { useTranslate } from '@/lib/i18n';
import type { Showtime } from '@/types/api';
import { formatShowTime } from '../utils/format-showtime';
import styles from './showtime-times.module.css';

/** The times of one theater: each opens the ticketing site; sold-out ones do not. */
export function ShowtimeTimes({ showtimes, theaterName }: { showtimes: readonly Showtime[]; theaterName: string }) {
  const t = useTranslate();
  return (
    <ul className={styles.times}>
      {showtimes.map((showtime) => {
        const time = formatShowTime(showtime.time ?? '', t.locale);
        return (
          <li key={showtime.id}>
            {showtime.soldOut || !showtime.ticketingUrl ? (
              <span className={`${styles.time} ${styles.soldOut}`}>
                {time}
                <span className={styles.format}>{t('showtimes.soldOut')}</span>
              </span>
            ) : (
              <ExternalLink
                href={showtime.ticketingUrl}
                label={t('showtimes.buyTickets', [time, theaterName])}
                className={styles.time}
              >
                {time}
                {showtime.format ? <span className={styles.format}>{showtime.format}</span> : null}
              </ExternalLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}
