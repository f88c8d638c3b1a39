import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGuardedSubmit } from './use-guarded-submit';

function Form({ action }: { action: () => Promise<void> }) {
  const { pending, onSubmit } = useGuardedSubmit(action);
  return (
    <form onSubmit={onSubmit}>
      <button type="submit" aria-disabled={pending || undefined}>
        Save
      </button>
    </form>
  );
}

describe('useGuardedSubmit', () => {
  afterEach(cleanup);

  it('sends once however often the form is submitted while the call is out, then again after', async () => {
    let finish: () => void = () => undefined;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Form action={action} />);
    const button = screen.getByRole('button');
    const form = button.closest('form');
    if (!form) throw new Error('no form');
    button.focus();
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(action).toHaveBeenCalledTimes(1);
    // Marked, not disabled: the visitor who pressed it keeps their place.
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.activeElement).toBe(button);
    await act(() => {
      finish();
      return Promise.resolve();
    });
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.submit(form);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('takes submits again after a failed call', async () => {
    const action = vi.fn(() => Promise.reject(new Error('down')).catch(() => undefined));
    render(<Form action={action} />);
    const form = screen.getByRole('button').closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    await act(() => Promise.resolve());
    fireEvent.submit(form);
    expect(action).toHaveBeenCalledTimes(2);
  });
});
