import { Link } from 'react-router';
import styles from './draft-record-list.module.css';
import recordState from './record-state.module.css';

/** A record of the draft as its list shows it. */
export type DraftRecordListItem = {
  key: string;
  /** Its title, or what an untitled one is called. */
  title: string;
  /** The way to its screen (but for a record the draft removes, which has none). */
  to: string;
  /** What tells it apart: "Id silentnight", "At /accessibility/". */
  fact: string;
  /** Where it stands in the draft (DRAFT_PAGE_STATES), and that in words. */
  state: string;
  stateName: string;
};

type DraftRecordListProps = {
  items: readonly DraftRecordListItem[];
  /** The list's name: "The events of Marquee Cinemas". */
  label: string;
  /** What is said in its place where there is none. */
  none: string;
  /** The list's test id, each item's, and that of what is said where there is none. */
  testIds: { list: string; item: string; none: string };
};

/**
 * The records of a site's draft (its pages, its events), in its order: each one's title,
 * the way to its screen but for one the draft removes, what tells it apart and where it
 * stands (published, or added, changed or removed in the draft). Where there is none, it
 * says so.
 */
export function DraftRecordList({ items, label, none, testIds }: DraftRecordListProps) {
  if (items.length === 0) {
    return (
      <p className={styles.empty} data-testid={testIds.none}>
        {none}
      </p>
    );
  }
  return (
    <ul className={styles.records} aria-label={label} data-testid={testIds.list}>
      {items.map((item) => (
        <li key={item.key} className={styles.record} data-testid={testIds.item}>
          <p className={styles.title}>{item.state === 'removed' ? item.title : <Link to={item.to}>{item.title}</Link>}</p>
          <p className={styles.facts}>
            <span>{item.fact}</span>
            <span className={item.state === 'published' ? styles.published : recordState.state}>{item.stateName}</span>
          </p>
        </li>
      ))}
    </ul>
  );
}
