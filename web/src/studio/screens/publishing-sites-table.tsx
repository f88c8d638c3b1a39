import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '@/components/dialog';
import { useTranslate } from '@/state/i18n';
import type { SitePublishing, StudioSite } from '../api';
import { useRepublishSite } from '../hooks/use-publishing';
import { studioPaths } from '../paths';
import {
  needsAttention,
  publishingRoleName,
  publishingRows,
  publishingStatusName,
  republishFailureText,
  republishedText,
  type PublishingRow,
} from '../publishing-overview-rules';
import { changeTime, shortRevision } from '../publishing-rules';
import styles from './publishing-sites-table.module.css';

type PublishingSitesTableProps = {
  sites: readonly SitePublishing[];
  /** The sites list, which names them; undefined until it has answered (they go by their ids meanwhile). */
  known: readonly StudioSite[] | undefined;
};

/**
 * Every site's publishing, one row a site, those that need a look first: its status in a
 * word, its revision and when it was published, its pages and those stale, the revision
 * still to publish and the one stored, the gateway's role and what is wrong; and Publish
 * again, which asks first, in a modal dialog that gives the focus back to the button as it
 * closes. What came of it is said above the table, which the deployment's publishing,
 * asked for again, brings up to date. Too wide for a phone, the table scrolls sideways in
 * its own box, the sites' names staying in view.
 */
export function PublishingSitesTable({ sites, known }: PublishingSitesTableProps) {
  const t = useTranslate();
  const titleId = useId();
  const republish = useRepublishSite();
  const [asking, setAsking] = useState<PublishingRow | null>(null);
  const rows = publishingRows(sites, known, t.locale);
  const nameOf = (siteId: string) => rows.find((row) => row.siteId === siteId)?.name ?? siteId;

  let outcome = '';
  let failure = '';
  if (republish.isSuccess) outcome = republishedText(t, nameOf(republish.variables), republish.data.revision);
  else if (republish.isError) failure = republishFailureText(t, republish.error, nameOf(republish.variables));
  return (
    <section className={styles.part} aria-labelledby={titleId}>
      <h2 id={titleId}>{t('studio.publishingOverview.sites.title')}</h2>
      {/* In the page from the start, so that what they come to say is announced. */}
      <p role="status" className={styles.outcome} data-testid="studio-republish-outcome">
        {outcome}
      </p>
      <p role="alert" className={styles.outcome}>
        {failure}
      </p>
      {rows.length === 0 ? (
        <p>{t('studio.publishingOverview.sites.none')}</p>
      ) : (
        <div className={styles.scroller}>
          <table className={styles.table} data-testid="studio-publishing-sites">
            <caption className="visually-hidden">{t('studio.publishingOverview.sites.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('studio.publishingOverview.column.site')}</th>
                <th scope="col">{t('studio.publishingOverview.column.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('studio.publishingOverview.column.actions')}</span>
                </th>
                <th scope="col">{t('studio.publishingOverview.column.revision')}</th>
                <th scope="col">{t('studio.publishingOverview.column.publishedAt')}</th>
                <th scope="col" className={styles.number}>
                  {t('studio.publishingOverview.column.pages')}
                </th>
                <th scope="col" className={styles.number}>
                  {t('studio.publishingOverview.column.stalePages')}
                </th>
                <th scope="col">{t('studio.publishingOverview.column.pendingRevision')}</th>
                <th scope="col">{t('studio.publishingOverview.column.storedRevision')}</th>
                <th scope="col">{t('studio.publishingOverview.column.role')}</th>
                <th scope="col">{t('studio.publishingOverview.column.problem')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <SiteRow
                  key={row.siteId}
                  row={row}
                  republishing={republish.isPending && republish.variables === row.siteId}
                  onRepublish={() => {
                    republish.reset();
                    setAsking(row);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {asking ? (
        <ConfirmDialog
          title={t('studio.publishingOverview.republish.confirm.title', { site: asking.name })}
          text={t('studio.publishingOverview.republish.confirm.text', { site: asking.name })}
          confirmLabel={t('studio.publishingOverview.republish.yes')}
          cancelLabel={t('studio.publishingOverview.republish.no')}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            if (!republish.isPending) republish.mutate(asking.siteId);
            setAsking(null);
          }}
        />
      ) : null}
    </section>
  );
}

type SiteRowProps = {
  row: PublishingRow;
  /** The site's publishing again is on its way. */
  republishing: boolean;
  /** Asks to publish it again. */
  onRepublish: () => void;
};

function SiteRow({ row, republishing, onRepublish }: SiteRowProps) {
  const t = useTranslate();
  const count = (value: number) => new Intl.NumberFormat(t.locale).format(value);
  const attention = needsAttention(row);
  return (
    <tr className={attention ? styles.attention : undefined} data-testid="studio-publishing-site">
      <th scope="row" className={styles.site}>
        <Link to={studioPaths.site.build(row.siteId)}>{row.name}</Link>
      </th>
      <td>
        <span className={attention ? `${styles.state} ${styles.stateAttention}` : styles.state}>{publishingStatusName(t, row.status)}</span>
      </td>
      <td>
        <button
          type="button"
          className={`button button-secondary ${styles.republish}`}
          aria-label={t('studio.publishingOverview.republish.name', { site: row.name })}
          aria-disabled={republishing || undefined}
          onClick={() => {
            if (!republishing) onRepublish();
          }}
        >
          {t(republishing ? 'studio.publishingOverview.republishing' : 'studio.publishingOverview.republish')}
        </button>
      </td>
      <td>
        <RevisionId revision={row.revision} />
      </td>
      <td className={styles.time}>
        {row.publishedAt ? <time dateTime={row.publishedAt}>{changeTime(t.locale, row.publishedAt)}</time> : t('studio.publishingOverview.notYet')}
      </td>
      <td className={styles.number}>{count(row.pages)}</td>
      <td className={styles.number}>{count(row.stalePages)}</td>
      <td>
        <RevisionId revision={row.pendingRevision} />
      </td>
      <td>
        <RevisionId revision={row.storedRevision} />
      </td>
      <td>{publishingRoleName(t, row.role)}</td>
      <td className={styles.problem}>{row.problem || t('studio.publishingOverview.none')}</td>
    </tr>
  );
}

/** A revision by its first eight characters (the whole id on hover), or "None". */
function RevisionId({ revision }: { revision: string | null }) {
  const t = useTranslate();
  if (!revision) return t('studio.publishingOverview.none');
  return (
    <span className={styles.revision} title={revision}>
      {shortRevision(revision)}
    </span>
  );
}
