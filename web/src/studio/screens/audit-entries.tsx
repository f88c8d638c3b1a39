import { useTranslate } from '@/state/i18n';
import type { AuditEntry } from '../api';
import { auditActionName, auditChangeLines, auditTime } from '../audit-rules';
import { roleName } from '../grants';
import { useMediaQuery } from '../hooks/use-media-query';
import styles from './audit-entries.module.css';

/** Wide enough for the table's seven columns; narrower, each entry is a card of its own. */
const WIDE_SCREEN = '(min-width: 64rem)';

type AuditEntriesProps = {
  entries: readonly AuditEntry[];
  /** What the entries are, the table's caption (the list's name on a phone). */
  caption: string;
  /** Other entries are on their way (another filter's): these are about to be replaced. */
  busy: boolean;
};

/**
 * The entries of an audit log, newest first: a table on a wide screen, one row an entry
 * headed by its time; on a phone, a list of cards with the same facts, each named as the
 * table's columns are. Each entry is marked `studio-audit-entry` either way.
 */
export function AuditEntries({ entries, caption, busy }: AuditEntriesProps) {
  const wide = useMediaQuery(WIDE_SCREEN);
  return wide ? <AuditTable entries={entries} caption={caption} busy={busy} /> : <AuditList entries={entries} caption={caption} busy={busy} />;
}

/** An entry's key: nothing in it is unique alone, its place is (the list is read whole each time). */
const entryKey = (entry: AuditEntry, index: number) => `${String(index)}:${entry.at}:${entry.requestId}`;

function AuditTable({ entries, caption, busy }: AuditEntriesProps) {
  const t = useTranslate();
  return (
    <table className={styles.table} aria-busy={busy || undefined} data-testid="studio-audit">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t('studio.audit.column.time')}</th>
          <th scope="col">{t('studio.audit.column.who')}</th>
          <th scope="col">{t('studio.audit.column.role')}</th>
          <th scope="col">{t('studio.audit.column.action')}</th>
          <th scope="col">{t('studio.audit.column.target')}</th>
          <th scope="col">{t('studio.audit.column.changes')}</th>
          <th scope="col">{t('studio.audit.column.origin')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry, index) => (
          <tr key={entryKey(entry, index)} data-testid="studio-audit-entry">
            <th scope="row" className={styles.time}>
              <EntryTime entry={entry} />
            </th>
            <td>
              <EntryStaff entry={entry} />
            </td>
            <td>{roleName(t, entry.role)}</td>
            <td className={styles.action}>{auditActionName(t, entry.action)}</td>
            <td>{entry.target}</td>
            <td>
              <EntryChanges entry={entry} />
            </td>
            <td>
              <EntryOrigin entry={entry} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AuditList({ entries, caption, busy }: AuditEntriesProps) {
  const t = useTranslate();
  return (
    <ol className={styles.list} aria-label={caption} aria-busy={busy || undefined} data-testid="studio-audit">
      {entries.map((entry, index) => (
        <li key={entryKey(entry, index)} className={styles.entry} data-testid="studio-audit-entry">
          <p className={styles.headline}>
            <span className={styles.action}>{auditActionName(t, entry.action)}</span> <span>{entry.target}</span>
          </p>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{t('studio.audit.column.time')}</dt>
              <dd>
                <EntryTime entry={entry} />
              </dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('studio.audit.column.who')}</dt>
              <dd>
                <EntryStaff entry={entry} />
              </dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('studio.audit.column.role')}</dt>
              <dd>{roleName(t, entry.role)}</dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('studio.audit.column.changes')}</dt>
              <dd>
                <EntryChanges entry={entry} />
              </dd>
            </div>
            <div className={styles.fact}>
              <dt>{t('studio.audit.column.origin')}</dt>
              <dd>
                <EntryOrigin entry={entry} />
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}

function EntryTime({ entry }: { entry: AuditEntry }) {
  const t = useTranslate();
  return <time dateTime={entry.at}>{auditTime(t.locale, entry.at)}</time>;
}

/** The staff member's name, and their address below it. (The spaces between lines keep them apart when read out.) */
function EntryStaff({ entry }: { entry: AuditEntry }) {
  return (
    <span className={styles.lines}>
      <span>{entry.staff.name}</span>{' '}
      <span className={styles.secondary}>{entry.staff.email}</span>
    </span>
  );
}

/** Each changed field on a line of its own, "Role: — → viewer"; a dash for none. */
function EntryChanges({ entry }: { entry: AuditEntry }) {
  const t = useTranslate();
  const lines = auditChangeLines(t, entry.changes);
  if (lines.length === 0) return t('studio.audit.value.none');
  return (
    <ul className={styles.changes}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

/** The client's address and the request's id: what ties the entry to the gateway's logs. */
function EntryOrigin({ entry }: { entry: AuditEntry }) {
  const t = useTranslate();
  return (
    <span className={`${styles.lines} ${styles.secondary} ${styles.small}`}>
      <span>{t('studio.audit.clientAddress', { address: entry.clientAddress })}</span>{' '}
      <span>{t('studio.audit.requestId', { id: entry.requestId })}</span>
    </span>
  );
}
