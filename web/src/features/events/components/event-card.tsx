import { Link } from '@/components/link';
import { Poster } from '@/components/poster';
import { paths } from '@/config/paths';
import { useTranslate } from '@/state/i18n';
import type { Event } from '@/types/api';
import { formatEventDate } from '../utils/format-event-date';
import styles from './event-card.module.css';

type EventCardProps = {
  event: Event;
  theaterName?: string;
  /** The title's heading: one level below the heading the card sits under (h3 under a section's h2). */
  heading?: 'h2' | 'h3';
};

export function EventCard({ event, theaterName, heading: Heading = 'h3' }: EventCardProps) {
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
          <Heading className={styles.title}>{title}</Heading>
          {theaterName ? <p className={styles.theater}>{theaterName}</p> : null}
        </div>
      </Link>
    </article>
  );
}
