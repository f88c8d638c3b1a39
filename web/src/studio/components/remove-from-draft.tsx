import { useState } from 'react';
import { ConfirmDialog } from '@/components/dialog';

/** What a draft record's removal says, in the words of the record (a page, an event). */
export type RemoveFromDraftTexts = {
  /** The button's text: "Remove from the site". */
  remove: string;
  /** Its text while the removal is under way: "Removing…". */
  removing: string;
  /** The confirmation's title: "Remove “Silent night” from the site?". */
  title: string;
  /** What the confirmation says of it. */
  text: string;
  /** The button that removes, once asked: "Remove the event". */
  confirm: string;
  /** The button that keeps it: "Keep it". */
  cancel: string;
};

type RemoveFromDraftProps = {
  removing: boolean;
  /** Removes the record from the draft, once confirmed. */
  onRemove: () => void;
  texts: RemoveFromDraftTexts;
};

/**
 * The button that removes a draft record from the site (in the draft: its publishing
 * takes it off), which asks first, in a dialog; a removal under way is not asked for again.
 */
export function RemoveFromDraft({ removing, onRemove, texts }: RemoveFromDraftProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <p>
        <button
          type="button"
          className="button button-secondary"
          aria-disabled={removing || undefined}
          onClick={() => {
            if (!removing) setConfirming(true);
          }}
        >
          {removing ? texts.removing : texts.remove}
        </button>
      </p>
      {confirming ? (
        <ConfirmDialog
          title={texts.title}
          text={texts.text}
          confirmLabel={texts.confirm}
          cancelLabel={texts.cancel}
          onConfirm={() => {
            if (removing) return;
            setConfirming(false);
            onRemove();
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </>
  );
}
