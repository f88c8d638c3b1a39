import type { ReactNode, SubmitEventHandler } from 'react';
import { Link } from 'react-router';
import { studioPaths } from '../paths';
import styles from './draft-record-layout.module.css';

type DraftRecordLayoutProps = {
  /** The form's name ("The event “Silent night”"). */
  label: string;
  onSubmit: SubmitEventHandler<HTMLFormElement>;
  /** The form's fields (in fieldsets of the classes `fields` and `part` of draft-record-layout.module.css) and its actions (DraftRecordActions). */
  children: ReactNode;
  /** Beside the form: the record's preview, the way to publish the draft (PublishDraftHint), its removal (RemoveFromDraft). */
  aside: ReactNode;
};

/**
 * A draft record's editor (a page's, an event's): its form, checked by the studio rather
 * than the browser, and beside it on a wide screen (below it on a phone) what else is
 * done with the record.
 */
export function DraftRecordLayout({ label, onSubmit, children, aside }: DraftRecordLayoutProps) {
  return (
    <div className={styles.layout}>
      <form className={styles.form} noValidate aria-label={label} onSubmit={onSubmit}>
        {children}
      </form>
      <aside className={styles.aside}>{aside}</aside>
    </div>
  );
}

/** That saving changes the draft alone, and the way to the site's publishing screen. */
export function PublishDraftHint({ siteId, hint, link }: { siteId: string; hint: string; link: string }) {
  return (
    <p>
      {hint} <Link to={studioPaths.sitePublishing.build(siteId)}>{link}</Link>
    </p>
  );
}
