import { Link } from '@/components/link';
import { Poster } from '@/components/poster';
import { useTranslate } from '@/state/i18n';
import type { Event } from '@/types/api';
import { formatEventDate } from '../utils/format-event-date';
import styles from './event-details.module.css';

export function EventDetails({ event, theaterName }: { event: Event; theaterName?: string }) {
  const t = useTranslate();
  const title = event.title ?? '';
  return (
    <div className={`container page ${styles.details}`}>
      <Poster src={event.posterUrl} alt={t('event.posterAlt', [title])} priority className={styles.poster} />
      <div className={styles.copy}>
        {event.date ? <p className={styles.date}>{formatEventDate(event.date, event.time, t.locale)}</p> : null}
        <h1 className={styles.title}>{title}</h1>
        {theaterName ? <p className={styles.theater}>{theaterName}</p> : null}
        {event.description ? <p className={styles.description}>{event.description}</p> : null}
        {event.ticketingUrl ? (
          <Link to={event.ticketingUrl} label={t('event.getTickets')} className={`button ${styles.action}`} />
        ) : null}
      </div>
    </div>
  );
}
