import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import styles from './removable-item.module.css';

/** What an item's removal says, in the words of what is removed (a staff member's access, a passkey). */
export type RemovalTexts = {
  /** The Remove button's text: "Remove access". */
  remove: string;
  /** The Remove button's and the confirmation's name, which tells the items apart: "Remove access for Bo Editor". */
  removeName: string;
  /** What the confirmation asks: "Remove Bo Editor's access to Marquee Cinemas? …". */
  question: string;
  /** The button that removes, once asked: "Remove access". */
  yes: string;
  /** That button's text while the removal is under way: "Removing…". */
  removing: string;
  /** The button that keeps it: "Keep access". */
  no: string;
};

/** Where an item's removal stands, and what the item's buttons do (useRemovalConfirmation). */
export type RemovalProps = {
  /** Its removal is being confirmed. */
  confirming: boolean;
  removing: boolean;
  /** What went wrong with its removal, or ''. */
  failure: string;
  onAsk: () => void;
  onKeep: () => void;
  onRemove: () => void;
};

type RemovableItemProps = RemovalProps & {
  /** What the item is called, its first line. */
  name: string;
  /** Its other lines (an address, a role, when it was added), each a paragraph. */
  children: ReactNode;
  texts: RemovalTexts;
};

/**
 * The removals from a list, one item at a time, each asked first: the RemovalProps of
 * each of its items. `remove` removes one (its failure worded by `failureText`); once it
 * has, `afterRemoval` (the list's heading) takes the focus the item had, the item being gone.
 */
export function useRemovalConfirmation<Item extends { id: string }>(
  remove: UseMutationResult<void, Error, Item>,
  failureText: (error: Error) => string,
  afterRemoval: RefObject<HTMLElement | null>,
): (item: Item) => RemovalProps {
  /** The item whose removal is being confirmed. */
  const [confirming, setConfirming] = useState<string | null>(null);
  return (item) => ({
    confirming: confirming === item.id,
    removing: remove.isPending && remove.variables.id === item.id,
    failure: remove.isError && remove.variables.id === item.id ? failureText(remove.error) : '',
    onAsk: () => {
      remove.reset();
      setConfirming(item.id);
    },
    onKeep: () => {
      remove.reset();
      setConfirming(null);
    },
    onRemove: () => {
      if (remove.isPending) return;
      remove.mutate(item, {
        onSuccess: () => {
          setConfirming(null);
          afterRemoval.current?.focus();
        },
      });
    },
  });
}

type RemovalControlProps = RemovalProps & { texts: RemovalTexts };

/**
 * The Remove button of an item, which asks first: the question takes the focus, and
 * keeping the item gives it back to the button. (Once removed, the list's screen moves the
 * focus: the item goes.) What went wrong is said beside the question. RemovableItem's, and
 * an item's with other actions beside it (an image of the media library).
 */
export function RemovalControl({ texts, confirming, removing, failure, onAsk, onKeep, onRemove }: RemovalControlProps) {
  const removeButton = useRef<HTMLButtonElement>(null);
  const question = useRef<HTMLParagraphElement>(null);
  /** It was kept: the button comes back, and takes the focus. */
  const kept = useRef(false);
  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (kept.current) removeButton.current?.focus();
    kept.current = false;
  }, [confirming]);
  return confirming ? (
    <div className={styles.confirmation} role="group" aria-label={texts.removeName}>
      <p ref={question} tabIndex={-1} className={styles.question}>
        {texts.question}
      </p>
      <div className={styles.actions}>
        <button type="button" className="button" aria-disabled={removing || undefined} onClick={onRemove}>
          {removing ? texts.removing : texts.yes}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            kept.current = true;
            onKeep();
          }}
        >
          {texts.no}
        </button>
      </div>
      <p role="alert" className={styles.failure}>
        {failure}
      </p>
    </div>
  ) : (
    <button ref={removeButton} type="button" className={`button button-secondary ${styles.remove}`} aria-label={texts.removeName} onClick={onAsk}>
      {texts.remove}
    </button>
  );
}

/**
 * One item of a list the staff member may remove things from (a site's staff, their
 * passkeys): its details, beside a Remove button on a wide screen and above it on a phone
 * (RemovalControl, which asks first).
 */
export function RemovableItem({ name, children, texts, ...removal }: RemovableItemProps) {
  return (
    <li className={styles.item}>
      <div className={styles.details}>
        <p className={styles.name}>{name}</p>
        {children}
      </div>
      <RemovalControl texts={texts} {...removal} />
    </li>
  );
}
