import { Link, useLocation } from 'react-router';
import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { Me, StudioSite } from '../api';
import { DraftRecordList } from '../components/draft-record-list';
import { ServiceProblem } from '../components/service-problem';
import { draftEventStateName } from '../event-rules';
import { mayEditEvents } from '../grants';
import { useDraftEvents } from '../hooks/use-draft-events';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { studioPaths } from '../paths';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './draft-records-screen.module.css';

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
          {/* Each event: its title (the way to its screen, but for an event the draft removes), its id and where it stands. */}
          <DraftRecordList
            label={t('studio.events.caption', { site: site.name })}
            none={t('studio.events.none', { site: site.name })}
            testIds={{ list: 'studio-events', item: 'studio-event-item', none: 'studio-events-none' }}
            items={events.data.map((event) => ({
              key: event.id,
              title: event.title.trim() || t('studio.events.untitled'),
              to: studioPaths.siteEvent.build(site.id, event.id),
              fact: t('studio.events.id', { id: event.id }),
              state: event.state,
              stateName: draftEventStateName(t, event.state),
            }))}
          />
        </>
      ) : events.isError ? (
        <ServiceProblem level={2} error={events.error} retrying={events.isFetching} onRetry={() => void events.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}
