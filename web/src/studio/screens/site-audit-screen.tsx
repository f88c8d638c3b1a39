import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner';
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { plural } from '@/rules/plural';
import { useTranslate } from '@/state/i18n';
import type { AuditEntry, AuditFilter, Me, StaffMember, StudioSite } from '../api';
import { auditFilter, auditStaff, NO_AUDIT_FILTER, type AuditFilterFields } from '../audit-rules';
import { ServiceProblem } from '../components/service-problem';
import { mayReadAudit } from '../grants';
import { useDownloadAuditCsv, useSiteAudit } from '../hooks/use-site-audit';
import { useForgetSessionIfEnded } from '../hooks/studio-session';
import { studioPaths } from '../paths';
import { AuditEntries } from './audit-entries';
import { AuditFiltersForm } from './audit-filters-form';
import { SiteNav } from './site-nav';
import { SiteScreenFrame } from './site-screen-frame';
import styles from './site-audit-screen.module.css';

/**
 * `/sites/{siteId}/audit`: every change the site's staff made, newest first (who, with
 * which role, what, each field before and after, from where), filtered by action, staff
 * member and days, and saved as a CSV file. For the site's administrators and the
 * operators; anyone else is told so, and nothing is asked of the server. A chunk of its
 * own (studio-app.tsx).
 */
export function SiteAuditScreen() {
  const t = useTranslate();
  return (
    <SiteScreenFrame title={(site) => t('studio.audit.title', { site: site.name })}>
      {/* Keyed by the site: another site's log starts without this one's filters. */}
      {(site, me) => <SiteAudit key={site.id} site={site} me={me} />}
    </SiteScreenFrame>
  );
}

/** The server's refusal of the log to this staff member: a grant without the permission (403), or none on the site (404). */
function refusalOf(error: unknown): 403 | 404 | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 403) return 403;
  if (error.status === 404) return 404;
  return undefined;
}

function SiteAudit({ site, me }: { site: StudioSite; me: Me }) {
  const t = useTranslate();
  const reads = mayReadAudit(me.grants, site.id);
  const [applied, setApplied] = useState<AuditFilterFields>(NO_AUDIT_FILTER);
  /** The staff member the entries are filtered by, kept among the choices when they made none of them. */
  const [chosenStaff, setChosenStaff] = useState<StaffMember>();
  const filter = auditFilter(site.id, applied);
  const audit = useSiteAudit(filter, reads);
  useForgetSessionIfEnded(audit.error);
  // Their grants say they may not, or the server does (the grants changed meanwhile).
  const refusal = reads ? refusalOf(audit.error) : 403;
  const staff = auditStaff(audit.data ?? [], chosenStaff);
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{t('studio.audit.title', { site: site.name })}</h1>
      <SiteNav site={site} grants={me.grants} />
      {refusal === 403 ? (
        <p className={styles.refused} data-testid="studio-audit-refused">
          {t('studio.audit.forbidden', { site: site.name })}
        </p>
      ) : refusal === 404 ? (
        <div className={styles.refused} data-testid="studio-audit-not-found">
          <p>{t('studio.audit.notFound', { site: site.name })}</p>
          <p>
            <Link to={studioPaths.home.build()}>{t('studio.site.notFound.home')}</Link>
          </p>
        </div>
      ) : (
        <>
          <p className={styles.intro}>{t('studio.audit.intro', { site: site.name })}</p>
          <AuditFiltersForm
            staff={staff}
            applied={applied}
            onApply={(fields) => {
              setChosenStaff(staff.find((member) => member.id === fields.staffId.trim()));
              setApplied(fields);
            }}
          />
          <AuditResults site={site} filter={filter} audit={audit} />
        </>
      )}
    </section>
  );
}

/** A filter that selects more than the site's whole log. */
const isFiltered = (filter: AuditFilter) => Object.keys(filter).some((name) => name !== 'siteId');

/** What the live status says of the entries read: how many, or that there are none. */
function summaryText(t: Translate, entries: readonly AuditEntry[], filter: AuditFilter): string {
  if (entries.length > 0) return plural(t, 'studio.audit.count', entries.length);
  return t(isFiltered(filter) ? 'studio.audit.noneFiltered' : 'studio.audit.none');
}

function AuditResults({ site, filter, audit }: { site: StudioSite; filter: AuditFilter; audit: UseQueryResult<AuditEntry[]> }) {
  const t = useTranslate();
  const titleId = useId();
  const entries = audit.data;
  // Empty while entries are on their way, so that each answer is announced, even one of
  // as many entries as the last.
  const summary = entries && !audit.isFetching ? summaryText(t, entries, filter) : '';
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <div className={styles.heading}>
        <h2 id={titleId}>{t('studio.audit.entries.title')}</h2>
        <DownloadCsv filter={filter} />
      </div>
      {/* In the page from the start, so that what it comes to say is announced. */}
      <p role="status" className={styles.summary} data-testid="studio-audit-summary">
        {summary}
      </p>
      {entries ? (
        entries.length > 0 ? (
          <AuditEntries entries={entries} caption={t('studio.audit.caption', { site: site.name })} busy={audit.isFetching} />
        ) : null
      ) : audit.isError ? (
        audit.error instanceof ApiError && audit.error.status === 400 ? (
          <p role="alert" className={styles.failure}>
            {t('studio.audit.refused', { message: audit.error.message })}
          </p>
        ) : (
          <ServiceProblem level={2} error={audit.error} retrying={audit.isFetching} onRetry={() => void audit.refetch()} />
        )
      ) : (
        <Spinner label={t('studio.loading')} />
      )}
    </section>
  );
}

/** What the download says of a file that could not be made. */
function csvFailureText(t: Translate, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 503) return t('studio.audit.csv.unavailable');
    if (error.status < 500) return t('studio.audit.csv.refused', { message: error.message });
  }
  return t('studio.audit.csv.failed');
}

/**
 * Download CSV: the entries `filter` selects (those shown), saved as audit.csv. A button,
 * not a link: the file is asked for with `Accept: text/csv` (useDownloadAuditCsv). What
 * came of it is said beside it; the button keeps the focus.
 */
function DownloadCsv({ filter }: { filter: AuditFilter }) {
  const t = useTranslate();
  const download = useDownloadAuditCsv();
  let outcome = '';
  if (download.isSuccess) outcome = t('studio.audit.csv.done');
  else if (download.isError) outcome = csvFailureText(t, download.error);
  return (
    <div className={styles.download}>
      <button
        type="button"
        className="button button-secondary"
        aria-disabled={download.isPending || undefined}
        onClick={() => {
          if (!download.isPending) download.mutate(filter);
        }}
      >
        {t(download.isPending ? 'studio.audit.csv.pending' : 'studio.audit.csv')}
      </button>
      <p role="status" className={styles.outcome}>
        {outcome}
      </p>
    </div>
  );
}
