import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTranslate } from '@/state/i18n';
import { STARTUP_FAILURE_TEXT } from '@/config/startup-failure-text';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';

function Greeting() {
  const t = useTranslate();
  return <p>{t('movie.showtimesAt', { theaterName: 'Lakeside 12' })}</p>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('AppProvider', () => {
  it('renders the page with the app data messages and theme once they arrive', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          Response.json({
            site: {
              config: {
                locale: 'en-US',
                theme: { palette: { primary: '#1e3a8a', background: '#ffffff' } },
                roundness: { buttons: 'HIGH', content: 'NONE' },
              },
            },
            theaters: [],
            messages: { locale: 'en-US', messages: { 'movie.showtimesAt': 'Showtimes at [theaterName]' } },
          }),
        ),
      ),
    );
    render(
      <AppProvider queryClient={createQueryClient()} embedContext={undefined}>
        <Greeting />
      </AppProvider>,
    );
    expect(await screen.findByText('Showtimes at Lakeside 12')).toBeTruthy();
    const root = document.documentElement;
    // The theme's code is its own chunk, loaded alongside.
    await waitFor(() => expect(root.style.getPropertyValue('--color-primary')).toBe('#1e3a8a'));
    expect(root.style.getPropertyValue('--radius-button')).toBe('999px');
    expect(root.lang).toBe('en-US');
  });

  it('says so when the app data cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      // A 4xx answer is not retried, so the failure shows at once.
      vi.fn(() => Promise.resolve(Response.json({ error: { code: 'not_found', message: 'no site bundle' } }, { status: 404 }))),
    );
    render(
      <AppProvider queryClient={createQueryClient()} embedContext={undefined}>
        <Greeting />
      </AppProvider>,
    );
    expect(await screen.findByText(STARTUP_FAILURE_TEXT.title)).toBeTruthy();
    expect(screen.getByText('no site bundle')).toBeTruthy();
  });
});
