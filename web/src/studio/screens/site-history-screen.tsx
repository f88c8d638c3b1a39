import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ConfirmDialog } from '@/components/dialog';
import { Spinner } from '@/components/spinner';
import { ApiError, isNotFound } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { useTranslate } from '@/state/i18n';
import type { Me, Revision, StudioSite } from '../api';
import { ServiceProblem } from '../components/service-problem';
import { mayPublish } from '../grants';
import { useRestoreRevision, useSiteRevisions } from '../hooks/use-site-revisions';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { changeTime, shortRevision } from '../publishing-rules';
import { SiteGone } from './site-gone';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-history-screen.module.css';

/**
 * `/sites/{siteId}/history`: the revisions of the site's editable records, newest first
 * (when, by whom, what they changed), which everyone with a role on the site reads. Its
 * editors, administrators and the operators restore any but the newest (after a
 * confirmation): its records are published again as a new revision. A chunk of its own
 * (studio-app.tsx).
 */
export function SiteHistoryScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.history.title', { site: site.name })}>
      {(site, me) => <SiteHistory key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

function SiteHistory({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const revisions = useSiteRevisions(site.id);
  useForgetSessionIfEnded(revisions.error);
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.history.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {isNotFound(revisions.error) ? (
        <SiteGone site={site} testId="studio-history-not-found" />
      ) : (
        <>
          <p className={styles.intro}>{t('studio.history.intro', { site: site.name })}</p>
          <Revisions site={site} revisions={revisions} restores={mayPublish(me.grants, site.id)} />
        </>
      )}
    </section>
  );
}

/** What is said of a restore that failed. */
function restoreFailureText(t: Translate, error: unknown, site: StudioSite): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t('studio.history.restore.forbidden', { site: site.name });
    if (error.status === 503) return t('studio.history.restore.unavailable');
    if (error.status < 500) return t('studio.history.restore.refused', { message: error.message });
  }
  return t('studio.history.restore.failed');
}

type RevisionsProps = {
  site: StudioSite;
  revisions: UseQueryResult<Revision[]>;
  /** The staff member publishes the site, so restores its revisions. */
  restores: boolean;
};

/**
 * The revisions, newest first, the newest marked as live. Restore asks first, in a modal
 * dialog that gives the focus back to the button as it closes; what came of it is said
 * above the list.
 */
function Revisions({ site, revisions, restores }: RevisionsProps) {
  const t = useTranslate();
  const titleId = useId();
  const [asking, setAsking] = useState<Revision | null>(null);
  const restore = useRestoreRevision(site.id);

  let outcome = '';
  let failure = '';
  if (restore.isSuccess) {
    outcome = t('studio.history.restored', {
      id: shortRevision(restore.variables.revision),
      revision: shortRevision(restore.data.revision),
    });
  } else if (restore.isError) {
    failure = restoreFailureText(t, restore.error, site);
  }
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.history.list.title')}</h2>
      {/* In the page from the start, so that what they come to say is announced. */}
      <p role="status" className={styles.outcome} data-testid="studio-restore-outcome">
        {outcome}
      </p>
      <p role="alert" className={styles.outcome}>
        {failure}
      </p>
      {revisions.data ? (
        revisions.data.length === 0 ? (
          <p>{t('studio.history.none')}</p>
        ) : (
          <ol className={styles.list} aria-label={t('studio.history.caption', { site: site.name })} data-testid="studio-revisions">
            {revisions.data.map((revision, index) => (
              <RevisionItem
                key={revision.revision}
                revision={revision}
                live={index === 0}
                restoring={restore.isPending && restore.variables.revision === revision.revision}
                onRestore={
                  restores && index > 0
                    ? () => {
                        restore.reset();
                        setAsking(revision);
                      }
                    : undefined
                }
              />
            ))}
          </ol>
        )
      ) : revisions.isError ? (
        <ServiceProblem level={2} error={revisions.error} retrying={revisions.isFetching} onRetry={() => void revisions.refetch()} />
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
      {asking ? (
        <ConfirmDialog
          title={t('studio.history.restore.confirm.title', { id: shortRevision(asking.revision) })}
          text={t('studio.history.restore.confirm.text', { name: asking.by, time: changeTime(t.locale, asking.at) })}
          confirmLabel={t('studio.history.restore.yes')}
          cancelLabel={t('studio.history.restore.no')}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            if (!restore.isPending) restore.mutate(asking);
            setAsking(null);
          }}
        />
      ) : null}
    </section>
  );
}

type RevisionItemProps = {
  revision: Revision;
  /** The newest: what the site shows now. */
  live: boolean;
  restoring: boolean;
  /** Asks to restore it; none for the newest, or for who does not publish. */
  onRestore: (() => void) | undefined;
};

/** A revision: when it was published, by whom, what it changed and its id; Restore beside it. */
function RevisionItem({ revision, live, restoring, onRestore }: RevisionItemProps) {
  const t = useTranslate();
  const time = changeTime(t.locale, revision.at);
  const id = shortRevision(revision.revision);
  return (
    <li className={styles.revision} data-testid="studio-revision">
      <div className={styles.details}>
        <p className={styles.when}>
          <time dateTime={revision.at}>{time}</time>
          {live ? (
            <>
              {' '}
              <span className={styles.live}>{t('studio.history.live')}</span>
            </>
          ) : null}
        </p>
        <p>{t('studio.history.by', { name: revision.by })}</p>
        {revision.summary ? <p className={styles.summary}>{revision.summary}</p> : null}
        <p className={styles.id}>{t('studio.history.revision', { id })}</p>
      </div>
      {onRestore ? (
        <button
          type="button"
          className={`button button-secondary ${styles.restore}`}
          aria-label={t('studio.history.restore.name', { id, time })}
          aria-disabled={restoring || undefined}
          onClick={() => {
            if (!restoring) onRestore();
          }}
        >
          {t('studio.history.restore')}
        </button>
      ) : null}
    </li>
  );
}
