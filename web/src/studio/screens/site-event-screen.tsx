import { useParams } from 'react-router';
import { Spinner } from '@/components/spinner';
import { isNotFound } from '@/lib/api-client';
import { useTranslate } from '@/state/i18n';
import type { EventRecord, Me, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { mayEditEvents } from '../grants';
import { useDraftEvent } from '../hooks/use-draft-events';
import { useSiteMovies } from '../hooks/use-site-movies';
import { useSiteTheaters } from '../hooks/use-site-theaters';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { studioPaths } from '../paths';
import { DraftRecordNotice, DraftRecordScreen } from './draft-record-screen';
import { EventEditor } from './event-editor';
import { SiteScreenFrame } from './site-screen-frame';

/**
 * `/sites/{siteId}/events/{id}`: one event of the site as its draft has it, in a form,
 * saved to the draft, removed (EventEditor). Its editors, administrators and the operators
 * change it, and the manager of its theater; everyone else with a role on the site reads
 * it. A chunk of its own (studio-app.tsx), with the new event's screen.
 */
export function SiteEventScreen() {
  const t = useTranslate();
  const id = useParams().id ?? '';
  return (
    <SiteScreenFrame title={(site) => t('studio.event.title', { event: id, site: site.name })}>
      {/* Keyed by the site and the event: another event starts from its own fields. */}
      {(site, me) => <SiteEvent key={`${site.id}/${id}`} site={site} me={me} id={id} />}
    </SiteScreenFrame>
  );
}

/** `/sites/{siteId}/new-event`: a new event, its id still to choose, for those who add events (a theater manager at their theaters). */
export function SiteNewEventScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.event.new.title', { site: site.name })}>
      {(site, me) => <SiteNewEvent key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

/** A saved event as its screen asked for it: the record answered afresh, or why not yet. */
type EventAnswer = { record: EventRecord | undefined; error: unknown; failed: boolean; retrying: boolean; retry: () => void };

/**
 * The event's form once what it shows is known: the event (`new`: none yet) and the site's
 * theaters and movies it chooses from; until then a spinner, or what failed, to be asked
 * for again.
 */
function EventForm({ site, me, id, event }: { site: StudioSite; me: Me; id: string; event: EventAnswer | 'new' }) {
  const t = useTranslate();
  const theaters = useSiteTheaters(site.id);
  const movies = useSiteMovies(site.id);
  useForgetSessionIfEnded(theaters.error);
  useForgetSessionIfEnded(movies.error);
  const record = event === 'new' ? undefined : event.record;
  if ((event === 'new' || record) && theaters.data && movies.data) {
    return <EventEditor site={site} event={record} eventId={id} theaters={theaters.data} movies={movies.data} grants={me.grants} />;
  }
  if (event !== 'new' && event.failed) {
    return <ServiceProblem level={2} error={event.error} retrying={event.retrying} onRetry={event.retry} />;
  }
  if (theaters.isError || movies.isError) {
    return (
      <ServiceProblem
        level={2}
        error={theaters.error ?? movies.error}
        retrying={theaters.isFetching || movies.isFetching}
        onRetry={() => {
          if (theaters.isError) void theaters.refetch();
          if (movies.isError) void movies.refetch();
        }}
      />
    );
  }
  return <Spinner label={t('studio.loading')} />;
}

function SiteEvent({ site, me, id }: { site: StudioSite; me: Me; id: string }) {
  const t = useTranslate();
  const event = useDraftEvent(site.id, id);
  useForgetSessionIfEnded(event.error);
  // The event as answered since the screen opened, never a copy cached from an earlier
  // visit: a save sends the event whole, and would overwrite what was saved since.
  const fresh = event.isFetchedAfterMount && event.isSuccess ? event.data : undefined;
  return (
    <DraftRecordScreen
      site={site}
      grants={me.grants}
      title={t('studio.event.title', { event: id, site: site.name })}
      back={{ to: studioPaths.siteEvents.build(site.id), text: t('studio.event.back', { site: site.name }) }}
    >
      {isNotFound(event.error) ? (
        <DraftRecordNotice text={t('studio.event.notFound', { site: site.name, event: id })} testId="studio-event-not-found" />
      ) : (
        <EventForm
          site={site}
          me={me}
          id={id}
          event={{ record: fresh, error: event.error, failed: event.isError, retrying: event.isFetching, retry: () => void event.refetch() }}
        />
      )}
    </DraftRecordScreen>
  );
}

function SiteNewEvent({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const adds = mayEditEvents(me.grants, site.id);
  return (
    <DraftRecordScreen
      site={site}
      grants={me.grants}
      title={t('studio.event.new.title', { site: site.name })}
      back={{ to: studioPaths.siteEvents.build(site.id), text: t('studio.event.back', { site: site.name }) }}
    >
      {adds ? (
        <EventForm site={site} me={me} id="" event="new" />
      ) : (
        <DraftRecordNotice text={t('studio.event.new.forbidden', { site: site.name })} testId="studio-event-refused" />
      )}
    </DraftRecordScreen>
  );
}
