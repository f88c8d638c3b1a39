import { Link } from '@/components/link';
import { Poster } from '@/components/poster';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import type { Event } from '@/types/api';
import { formatEventDate } from '../utils/format-event-date';
import styles from './event-card.module.css';

export function EventCard({ event, theaterName }: { event: Event; theaterName?: string }) {
  const t = useTranslate();
  const title = event.title ?? '';
  return (
    <article className={styles.card} data-testid="event-card">
      <Link to={paths.event.build(event)} className={styles.link}>
        <Poster src={event.posterUrl} alt={t('event.posterAlt', [title])} />
        <div className={styles.copy}>
          {event.date ? (
            <p className={styles.date}>{formatEventDate(event.date, event.time, t.locale)}</p>
          ) : null}
          <h3 className={styles.title}>{title}</h3>
          {theaterName ? <p className={styles.theater}>{theaterName}</p> : null}
        </div>
      </Link>
    </article>
  );
}
