import { Link, useLocation } from 'react-router';
import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { DraftEvent, Me, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { draftEventStateName } from '../event-rules';
import { mayEditEvents } from '../grants';
import { useDraftEvents } from '../hooks/use-draft-events';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { studioPaths } from '../paths';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-events-screen.module.css';

/** What the event screen hands the list when it removed an event: its title, said above the list. */
export type EventsScreenState = { removed?: string };

/**
 * `/sites/{siteId}/events`: the site's events as its draft has them, each with its id and
 * where it stands (published, or added, changed or removed in the draft), and the way to
 * each one's screen. Its editors, administrators and the operators add events, and so does
 * a theater manager, at their theaters; everyone else with a role on the site reads them.
 * A chunk of its own (studio-app.tsx).
 */
export function SiteEventsScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.events.title', { site: site.name })}>
      {(site, me) => <SiteEvents key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

function SiteEvents({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const events = useDraftEvents(site.id);
  useForgetSessionIfEnded(events.error);
  const adds = mayEditEvents(me.grants, site.id);
  const removed = (useLocation().state as EventsScreenState | null)?.removed;
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.events.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {isNotFound(events.error) ? (
        <SiteGone site={site} testId="studio-events-not-found" />
      ) : events.data ? (
        <>
          <p className={styles.intro}>{t('studio.events.intro', { site: site.name })}</p>
          {removed ? (
            <p role="status" className={styles.outcome} data-testid="studio-events-outcome">
              {t('studio.events.removed', { event: removed })}
            </p>
          ) : null}
          {adds ? (
            <p>
              <Link className="button" to={studioPaths.siteNewEvent.build(site.id)}>
                {t('studio.events.new')}
              </Link>
            </p>
          ) : (
            <p className={styles.readOnly} data-testid="studio-events-read-only">
              {t('studio.events.readOnly')}
            </p>
          )}
          {events.data.length === 0 ? (
            <p className={styles.empty} data-testid="studio-events-none">
              {t('studio.events.none', { site: site.name })}
            </p>
          ) : (
            <ul className={styles.events} aria-label={t('studio.events.caption', { site: site.name })} data-testid="studio-events">
              {events.data.map((event) => (
                <EventItem key={event.id} site={site} event={event} />
              ))}
            </ul>
          )}
        </>
      ) : events.isError ? (
        <ServiceProblem level={2} error={events.error} retrying={events.isFetching} onRetry={() => void events.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}

/** An event: its title (the way to its screen, but for an event the draft removes), its id and where it stands. */
function EventItem({ site, event }: { site: StudioSite; event: DraftEvent }) {
  const t = useTranslate();
  const title = event.title.trim() || t('studio.events.untitled');
  return (
    <li className={styles.event} data-testid="studio-event-item">
      <p className={styles.eventTitle}>
        {event.state === 'removed' ? title : <Link to={studioPaths.siteEvent.build(site.id, event.id)}>{title}</Link>}
      </p>
      <p className={styles.facts}>
        <span>{t('studio.events.id', { id: event.id })}</span>
        <span className={event.state === 'published' ? styles.published : styles.state}>{draftEventStateName(t, event.state)}</span>
      </p>
    </li>
  );
}
