import styles from './draft-record-actions.module.css';

/** What a draft record's actions say, in the words of the record (a page, an event). */
export type DraftRecordActionsTexts = {
  /** The button's text: "Save to the draft". */
  save: string;
  /** Its text while the save is under way: "Saving…". */
  saving: string;
  /** Beside it while there are changes not saved: "Unsaved changes". */
  unsaved: string;
};

type DraftRecordActionsProps = {
  /** The staff member changes the record; otherwise there is nothing to save. */
  edits: boolean;
  saving: boolean;
  unsaved: boolean;
  /** What the save came to ("Saved to the draft…"), or ''. */
  outcome: string;
  /** What failed (a save, a removal), but of a field, or ''. */
  failure: string;
  texts: DraftRecordActionsTexts;
  /** The start of the test ids (`studio-event`: `studio-event-unsaved`, `-outcome`, `-failure`). */
  testId: string;
};

/**
 * The end of a draft record's form: the button that saves it (the form's submit) and,
 * beside it, whether there are unsaved changes, for those who change it; below, for
 * everyone, what the save came to, and what failed.
 */
export function DraftRecordActions({ edits, saving, unsaved, outcome, failure, texts, testId }: DraftRecordActionsProps) {
  return (
    <>
      {edits ? (
        <div className={styles.actions}>
          <button type="submit" className="button" aria-disabled={saving || undefined}>
            {saving ? texts.saving : texts.save}
          </button>
          {unsaved ? (
            <p className={styles.unsaved} data-testid={`${testId}-unsaved`}>
              {texts.unsaved}
            </p>
          ) : null}
        </div>
      ) : null}
      {/* In the page from the start, so that what they come to say is announced. */}
      <p role="status" className={styles.outcome} data-testid={`${testId}-outcome`}>
        {outcome}
      </p>
      <p role="alert" className={styles.outcome} data-testid={`${testId}-failure`}>
        {failure}
      </p>
    </>
  );
}
