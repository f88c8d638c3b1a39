import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COLOUR_MODE_STORAGE_KEY, ColourModeProvider } from '@/state/colour-mode';
import { renderWithApp } from '@/testing/render';
import { ColourModeToggle } from './colour-mode-toggle';

const messages = {
  'colourMode.switchToDark': 'Switch to dark mode',
  'colourMode.switchToLight': 'Switch to light mode',
};

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe('ColourModeToggle', () => {
  it('starts light, switches to dark and remembers it', () => {
    renderWithApp(
      <ColourModeProvider>
        <ColourModeToggle />
      </ColourModeProvider>,
      messages,
    );
    expect(document.documentElement.dataset.colorMode).toBe('light');
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark mode' }));
    expect(document.documentElement.dataset.colorMode).toBe('dark');
    expect(window.localStorage.getItem(COLOUR_MODE_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeTruthy();
  });

  it('starts in the remembered mode', () => {
    window.localStorage.setItem(COLOUR_MODE_STORAGE_KEY, 'dark');
    renderWithApp(
      <ColourModeProvider>
        <ColourModeToggle />
      </ColourModeProvider>,
      messages,
    );
    expect(document.documentElement.dataset.colorMode).toBe('dark');
  });
});
