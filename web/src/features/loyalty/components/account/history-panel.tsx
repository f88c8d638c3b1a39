// One list of the member's history as a table: loading, failure, the empty text, then a row
// per entry in the given columns.

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { useErrorText } from '../../hooks/use-error-text';
import styles from './account.module.css';

export type HistoryColumn<Entry> = {
  /** Message key of the column heading. */
  headingKey: string;
  cell: (entry: Entry) => ReactNode;
  numeric?: boolean;
  /** A button: its text kept on one line, under the entry when the panel is narrow. */
  action?: boolean;
};

type HistoryPanelProps<Entry> = {
  /** Names the panel's heading element and the table's test id. */
  id: string;
  titleKey: string;
  emptyKey: string;
  entries: UseQueryResult<Entry[]>;
  entryKey: (entry: Entry) => string;
  columns: ReadonlyArray<HistoryColumn<Entry>>;
};

export function HistoryPanel<Entry>({ id, titleKey, emptyKey, entries, entryKey, columns }: HistoryPanelProps<Entry>) {
  const t = useTranslate();
  const errorText = useErrorText();
  const kind = (column: HistoryColumn<Entry>) => (column.numeric ? styles.number : column.action ? styles.action : undefined);
  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(titleKey)}</h2>
      {entries.isPending ? <Spinner label={t('status.loading')} /> : null}
      {entries.isError ? <p role="alert">{errorText(entries.error)}</p> : null}
      {entries.data?.length === 0 ? <p className={styles.muted}>{t(emptyKey)}</p> : null}
      {entries.data?.length ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} data-testid={id}>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.headingKey} scope="col" className={kind(column)}>
                    {t(column.headingKey)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {entries.data.map((entry) => (
                <tr key={entryKey(entry)}>
                  {columns.map((column) => (
                    <td key={column.headingKey} className={kind(column)}>
                      {column.cell(entry)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
