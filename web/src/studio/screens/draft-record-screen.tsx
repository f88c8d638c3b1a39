import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Grant, StudioSite } from '../api';
import { SiteNav } from './site-nav';
import styles from './draft-record-screen.module.css';

type DraftRecordScreenProps = {
  site: StudioSite;
  grants: readonly Grant[];
  /** The screen's heading: "Silent night, an event of Marquee Cinemas". */
  title: string;
  /** The way back to the list of such records: where, and its text. */
  back: { to: string; text: string };
  /** The record's editor, what is said in its place (DraftRecordNotice), or why it is not there yet. */
  children: ReactNode;
};

/**
 * A draft record's screen (an event's, a page's, or a new one's): its heading, the site's
 * screens, the way back to the list of them, and the record.
 */
export function DraftRecordScreen({ site, grants, title, back, children }: DraftRecordScreenProps) {
  return (
    <section className={styles.screen}>
      <h1 className="page-title">{title}</h1>
      <SiteNav site={site} grants={grants} />
      <p>
        <Link to={back.to}>{back.text}</Link>
      </p>
      {children}
    </section>
  );
}

/** What a draft record's screen says in place of the record: it is not found, or a new one is not the staff member's to add. */
export function DraftRecordNotice({ text, testId }: { text: string; testId: string }) {
  return (
    <p className={styles.notice} data-testid={testId}>
      {text}
    </p>
  );
}
