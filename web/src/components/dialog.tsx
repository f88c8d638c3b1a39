import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styles from './dialog.module.css';

type DialogProps = {
  /** The dialog's name: the id of its heading or text. */
  labelledBy: string;
  describedBy?: string;
  /** Escape asks this; leave it out for a dialog that must run its course. */
  onDismiss?: () => void;
  /** Wide enough for a video. */
  wide?: boolean;
  children: ReactNode;
};

/**
 * A modal dialog on the native <dialog>, open while mounted: the rest of the page is inert
 * (focus stays inside), Escape dismisses it when it may be dismissed, and focus goes back
 * to where it was when it closes. It is placed in the page's modal root
 * (docs/pages-and-links.md#routes), after the app's own markup.
 */
export function Dialog({ labelledBy, describedBy, onDismiss, wide = false, children }: DialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Where focus was before the dialog's own content (its cancel button) took it.
  const [returnTo] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  // Set once the owner unmounts it: the close that follows is its own.
  const unmounting = useRef(false);
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => {
      unmounting.current = true;
      element?.close();
      returnTo?.focus();
    };
  }, [returnTo]);
  return createPortal(
    <dialog
      ref={dialog}
      className={wide ? `${styles.dialog} ${styles.wide}` : styles.dialog}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onCancel={(event) => {
        // Closing is the owner's to do, by unmounting: the dialog only asks.
        event.preventDefault();
        onDismiss?.();
      }}
      onClose={() => {
        // The browser may close it anyway (a second Escape cannot be refused): a dialog
        // that may be dismissed is; one that must run its course opens again.
        if (unmounting.current) return;
        if (onDismiss) onDismiss();
        else if (dialog.current?.isConnected) dialog.current.showModal();
      }}
    >
      {children}
    </dialog>,
    document.getElementById('modal-root') ?? document.body,
  );
}

type ConfirmDialogProps = {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before a step that cannot be taken back; "cancel" has the focus. */
export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, onConfirm, onCancel }: ConfirmDialogProps) {
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  // Once the dialog is open (its effect runs first), as the browser's own opening does.
  useEffect(() => cancel.current?.focus(), []);
  return (
    <Dialog labelledBy={`${id}-title`} describedBy={`${id}-text`} onDismiss={onCancel}>
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      <p id={`${id}-text`}>{text}</p>
      <div className={styles.actions}>
        <button ref={cancel} type="button" className="button button-secondary" onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="button" onClick={onConfirm} data-testid="confirm">
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
