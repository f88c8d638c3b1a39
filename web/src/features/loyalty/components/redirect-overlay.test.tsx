import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { HandOffForm } from './hand-off-form';
import { RedirectOverlay } from './redirect-overlay';

const messages = {
  'loyalty.handOff.redirecting': 'You will be redirected in a few seconds...',
  'loyalty.handOff.clickHere': 'Click here if it does not work',
};

describe('ticketing hand-off', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the redirect overlay and navigates with the token after 5 seconds', () => {
    const navigate = vi.fn();
    renderWithApp(<RedirectOverlay url="https://tickets.example/x" provider="RTS" token="t" navigate={navigate} />, messages);
    expect(screen.getByRole('dialog').textContent).toContain('You will be redirected in a few seconds...');
    expect(screen.getByRole('status')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Click here if it does not work' });
    expect(link.getAttribute('href')).toBe('https://tickets.example/x');
    expect(link.getAttribute('target')).toBe('_self');
    act(() => {
      vi.advanceTimersByTime(4999);
    });
    expect(navigate).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(navigate).toHaveBeenCalledWith('https://tickets.example/x?token=t');
  });

  it("follows its link with the token, the link's href never holding it", () => {
    const navigate = vi.fn();
    renderWithApp(<RedirectOverlay url="https://tickets.example/x" provider="BOOST_POS" token="t" navigate={navigate} />, messages);
    const link = screen.getByRole('link', { name: 'Click here if it does not work' });
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('https://tickets.example/x?sessionToken=t');
    expect(link.getAttribute('href')).toBe('https://tickets.example/x');
  });

  it('posts the token in a hidden form named for the provider, submitted on mount', () => {
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    renderWithApp(<HandOffForm url="https://tickets.example/checkout" provider="BOOST_POS" token="t-1" />);
    const form = screen.getByTestId('hand-off-form');
    expect(form.getAttribute('method')).toBe('POST');
    expect(form.getAttribute('action')).toBe('https://tickets.example/checkout');
    expect(form.querySelector('input[name="sessionToken"]')?.getAttribute('value')).toBe('t-1');
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
