import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './dialog';

function Asking({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Remove card
      </button>
      {open ? (
        <ConfirmDialog
          title="Remove card 1234?"
          text="This cannot be undone."
          confirmLabel="Remove"
          cancelLabel="Cancel"
          onCancel={() => setOpen(false)}
          onConfirm={() => {
            onConfirm();
            setOpen(false);
          }}
        />
      ) : null}
    </>
  );
}

describe('ConfirmDialog', () => {
  afterEach(cleanup);

  it('opens modal, named by its title and described by its text, with the focus on cancel', () => {
    render(<Asking onConfirm={() => undefined} />);
    const opener = screen.getByRole('button', { name: 'Remove card' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = document.querySelector('dialog');
    expect(dialog?.open).toBe(true);
    expect(document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe('Remove card 1234?');
    expect(document.getElementById(dialog?.getAttribute('aria-describedby') ?? '')?.textContent).toBe('This cannot be undone.');
    expect(document.activeElement?.textContent).toBe('Cancel');
  });

  it('Escape cancels, nothing is done, and focus goes back to the button that opened it', () => {
    const confirm = vi.fn();
    render(<Asking onConfirm={confirm} />);
    const opener = screen.getByRole('button', { name: 'Remove card' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = document.querySelector('dialog');
    if (!dialog) throw new Error('no dialog');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(document.querySelector('dialog')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it("is placed in the page's modal root", () => {
    const modalRoot = document.createElement('div');
    modalRoot.id = 'modal-root';
    document.body.append(modalRoot);
    render(<Asking onConfirm={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    expect(document.querySelector('dialog')?.parentElement).toBe(modalRoot);
    modalRoot.remove();
  });

  it('confirming does the step once', () => {
    const confirm = vi.fn();
    render(<Asking onConfirm={confirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove card' }));
    fireEvent.click(screen.getByTestId('confirm'));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(document.querySelector('dialog')).toBeNull();
  });
});
