import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useDismiss } from './use-dismiss';

function Disclosure() {
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useDismiss(open, setOpen, container, trigger);
  return (
    <>
      <p>Outside</p>
      <div ref={container}>
        <button ref={trigger} type="button" aria-expanded={open} onClick={() => setOpen((shown) => !shown)}>
          Menu
        </button>
        {open ? <a href="#inside">Inside</a> : null}
      </div>
    </>
  );
}

function openMenu() {
  render(<Disclosure />);
  fireEvent.click(screen.getByRole('button', { name: 'Menu' }));
  expect(screen.getByRole('link', { name: 'Inside' })).toBeTruthy();
}

describe('useDismiss', () => {
  afterEach(cleanup);

  it('closes on Escape and gives focus back to the button', () => {
    openMenu();
    screen.getByRole('link', { name: 'Inside' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Inside' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Menu' }));
  });

  it('closes on a press outside, not on one inside', () => {
    openMenu();
    fireEvent.pointerDown(screen.getByRole('link', { name: 'Inside' }));
    expect(screen.getByRole('link', { name: 'Inside' })).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('Outside'));
    expect(screen.queryByRole('link', { name: 'Inside' })).toBeNull();
  });

  it('leaves other keys alone', () => {
    openMenu();
    fireEvent.keyDown(document, { key: 'Enter' });
    expect(screen.getByRole('link', { name: 'Inside' })).toBeTruthy();
  });
});
