import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { ApiError, isNotFound } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import type { Draft, DraftChange, Me, ScheduledPublish, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { mayPublish } from '../grants';
import { useDraftTheaters } from '../hooks/use-draft-theaters';
import { useDiscardDraft, usePublishDraft, useSiteDraft } from '../hooks/use-site-draft';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { changeTime, draftChangeName, draftChangePath, scheduleTime, shortRevision } from '../publishing-rules';
import { PublishDialog, publishFailureText, type PublishMode } from './publish-dialog';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-publishing-screen.module.css';

/**
 * `/sites/{siteId}/publishing`: the site's draft, each record it changes with who changed
 * it last and when (and those it removes), and its publishing at a time, if any, with why
 * it did not publish then. Its editors, administrators and the operators publish it, now
 * or at a time (PublishDialog), and discard it (after a confirmation); everyone else with
 * a role on the site reads it. A chunk of its own (studio-app.tsx).
 */
export function SitePublishingScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.publishing.title', { site: site.name })}>
      {/* Keyed by the site: another site's draft starts without this one's dialogs and outcomes. */}
      {(site, me) => <SitePublishing key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

function SitePublishing({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const draft = useSiteDraft(site.id);
  useForgetSessionIfEnded(draft.error);
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.publishing.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {isNotFound(draft.error) ? (
        <SiteGone site={site} testId="studio-draft-not-found" />
      ) : draft.data ? (
        <DraftOverview site={site} draft={draft.data} publishes={mayPublish(me.grants, site.id)} />
      ) : draft.isError ? (
        <ServiceProblem level={2} error={draft.error} retrying={draft.isFetching} onRetry={() => void draft.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}

function DraftOverview({ site, draft, publishes }: { site: StudioSite; draft: Draft; publishes: boolean }) {
  const t = useTranslate();
  const titleId = useId();
  const emptyId = useId();
  // The theaters' names, the point of sale's, asked for only where the draft changes one: its change names it by its id alone.
  const theaters = useDraftTheaters(site.id, draft.changes.some((change) => change.kind === 'theater'));
  const theaterName = (id: string) => theaters.data?.find((theater) => theater.id === id)?.name;
  return (
    <>
      <p className={styles.intro}>{t('studio.publishing.intro', { site: site.name })}</p>
      {draft.schedule ? <Schedule schedule={draft.schedule} /> : null}
      <section className={styles.part} aria-labelledby={titleId}>
        <h2 id={titleId}>{t('studio.draft.changes.title')}</h2>
        {draft.changes.length === 0 ? (
          <p id={emptyId} className={styles.empty} data-testid="studio-draft-empty">
            {t('studio.draft.empty')}
          </p>
        ) : (
          <ul className={styles.changes} aria-label={t('studio.draft.changes.caption', { site: site.name })} data-testid="studio-draft">
            {draft.changes.map((change) => (
              <ChangeItem
                key={`${change.kind}:${change.id}`}
                change={change}
                name={draftChangeName(t, change, change.kind === 'theater' ? theaterName(change.id) : undefined)}
                to={draftChangePath(site.id, change)}
              />
            ))}
          </ul>
        )}
      </section>
      {publishes ? (
        <PublishActions site={site} draft={draft} emptyId={emptyId} />
      ) : (
        <p className={styles.readOnly} data-testid="studio-draft-read-only">
          {t('studio.publishing.readOnly')}
        </p>
      )}
    </>
  );
}

/**
 * A record the draft changes: what it is (`name`), with the way to its screen (`to`) where
 * it has one, whether the draft removes it, who changed it last and when.
 */
function ChangeItem({ change, name, to }: { change: DraftChange; name: string; to: string | undefined }) {
  const t = useTranslate();
  return (
    <li className={styles.change} data-testid="studio-draft-change">
      <p className={styles.record}>
        {to ? <Link to={to}>{name}</Link> : <span>{name}</span>}
        {change.removed ? (
          <>
            {' '}
            <span className={styles.removed}>{t('studio.draft.removed')}</span>
          </>
        ) : null}
      </p>
      <p className={styles.secondary}>
        <time dateTime={change.at}>{t('studio.draft.changedBy', { name: change.by, time: changeTime(t.locale, change.at) })}</time>
      </p>
    </li>
  );
}

/** The draft's publishing at a time: when, who asked for it, and why it did not publish then, if it did not. */
function Schedule({ schedule }: { schedule: ScheduledPublish }) {
  const t = useTranslate();
  const titleId = useId();
  return (
    <section className={styles.schedule} aria-labelledby={titleId} data-testid="studio-draft-schedule">
      <h2 id={titleId}>{t('studio.schedule.title')}</h2>
      <p>
        <time dateTime={schedule.publishAt}>
          {t('studio.schedule.at', { time: scheduleTime(t.locale, schedule.publishAt), name: schedule.by })}
        </time>
      </p>
      {schedule.failure ? <p className={styles.scheduleFailure}>{t('studio.schedule.failed', { message: schedule.failure })}</p> : null}
    </section>
  );
}

/** What is said of a discard that failed. */
function discardFailureText(t: Translate, error: unknown, site: StudioSite): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('studio.discard.forbidden', { site: site.name });
    if (error.status === 503) return t('studio.discard.unavailable');
    if (error.status < 500) return t('studio.discard.refused', { message: error.message });
  }
  return t('studio.discard.failed');
}

/** What the staff member is asked: to publish (now, at a time), or to confirm a discard. */
type Asking = PublishMode | 'discard';

/**
 * Publish now, Publish at… and Discard draft, for those who publish. Each opens a modal
 * dialog, which gives the focus back to its button as it closes; what came of it is said
 * below the buttons. With nothing to publish, both Publish buttons say so (their
 * description) and open nothing; they keep the focus they may have had.
 */
function PublishActions({ site, draft, emptyId }: { site: StudioSite; draft: Draft; emptyId: string }) {
  const t = useTranslate();
  const titleId = useId();
  const [asking, setAsking] = useState<Asking | null>(null);
  const publish = usePublishDraft(site.id);
  const discard = useDiscardDraft(site.id);
  const empty = draft.changes.length === 0;
  const discardable = !empty || Boolean(draft.schedule);
  const ask = (what: Asking) => {
    publish.reset();
    discard.reset();
    setAsking(what);
  };

  let outcome = '';
  if (publish.isSuccess) {
    outcome = publish.data.scheduled
      ? t('studio.publish.scheduled', { time: scheduleTime(t.locale, publish.data.publishAt) })
      : t('studio.publish.published', { revision: shortRevision(publish.data.revision) });
  } else if (discard.isSuccess) {
    outcome = t('studio.discard.done');
  }
  let failure = '';
  if (discard.isError) failure = discardFailureText(t, discard.error, site);
  // A publishing whose dialog was closed before it failed: said here instead.
  else if (publish.isError && asking !== 'now' && asking !== 'at') failure = publishFailureText(t, publish.error, site);

  const publishButton = (mode: PublishMode, label: string) => (
    <button
      type="button"
      className="button"
      aria-disabled={empty || publish.isPending || undefined}
      aria-describedby={empty ? emptyId : undefined}
      onClick={() => {
        if (!empty && !publish.isPending) ask(mode);
      }}
    >
      {label}
    </button>
  );
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.publish.title')}</h2>
      <div className={styles.actions}>
        {publishButton('now', t('studio.publish.now'))}
        {publishButton('at', t('studio.publish.at'))}
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={!discardable || discard.isPending || undefined}
          onClick={() => {
            if (discardable && !discard.isPending) ask('discard');
          }}
        >
          {t('studio.discard')}
        </button>
      </div>
      {/* In the page from the start, so that what they come to say is announced. */}
      <p role="status" className={styles.outcome} data-testid="studio-publish-outcome">
        {outcome}
      </p>
      <p role="alert" className={styles.outcome}>
        {failure}
      </p>
      {asking === 'now' || asking === 'at' ? (
        <PublishDialog
          site={site}
          changes={draft.changes.length}
          mode={asking}
          publish={publish}
          onCancel={() => {
            // Closed after a failure it said: nothing more to say of it.
            if (publish.isError) publish.reset();
            setAsking(null);
          }}
          onDone={() => setAsking(null)}
        />
      ) : asking === 'discard' ? (
        <ConfirmDialog
          title={t('studio.discard.confirm.title', { site: site.name })}
          text={t('studio.discard.confirm.text')}
          confirmLabel={t('studio.discard.yes')}
          cancelLabel={t('studio.discard.no')}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            discard.mutate();
            setAsking(null);
          }}
        />
      ) : null}
    </section>
  );
}
