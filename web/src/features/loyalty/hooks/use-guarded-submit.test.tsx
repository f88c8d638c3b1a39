import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useGuardedSubmit } from './use-guarded-submit';

function Form({ action }: { action: () => Promise<void> }) {
  const { pending, onSubmit } = useGuardedSubmit(action);
  return (
    <form onSubmit={onSubmit}>
      <button type="submit" disabled={pending}>
        Save
      </button>
    </form>
  );
}

describe('useGuardedSubmit', () => {
  afterEach(cleanup);

  it('sends once however often the form is submitted while the call is out, then again after', async () => {
    let finish = () => undefined as void;
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Form action={action} />);
    const form = screen.getByRole('button').closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    fireEvent.submit(form);
    fireEvent.submit(form);
    expect(action).toHaveBeenCalledTimes(1);
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(true);
    await act(async () => finish());
    expect((screen.getByRole('button') as HTMLButtonElement).disabled).toBe(false);
    fireEvent.submit(form);
    expect(action).toHaveBeenCalledTimes(2);
  });

  it('takes submits again after a failed call', async () => {
    const action = vi.fn(() => Promise.reject(new Error('down')).catch(() => undefined));
    render(<Form action={action} />);
    const form = screen.getByRole('button').closest('form');
    if (!form) throw new Error('no form');
    fireEvent.submit(form);
    await act(async () => undefined);
    fireEvent.submit(form);
    expect(action).toHaveBeenCalledTimes(2);
  });
});
