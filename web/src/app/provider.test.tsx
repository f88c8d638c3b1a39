import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTranslate } from '@/state/i18n';
import { STARTUP_FAILURE_TEXT } from '@/config/startup-failure-text';
import { createQueryClient } from '@/lib/query-client';
import { AppProvider } from './provider';

const STUDIO = 'https://studio.marquee.example';

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

  describe("the studio's live preview", () => {
    afterEach(() => {
      Reflect.deleteProperty(window, 'opener');
    });

    it('takes customisation messages from the studio origin the app data names, and no other', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(() =>
          Promise.resolve(
            Response.json({
              site: { config: { locale: 'en-US', theme: { palette: { primary: '#1e3a8a' } } } },
              theaters: [],
              messages: { locale: 'en-US', messages: {} },
              studioOrigin: STUDIO,
            }),
          ),
        ),
      );
      // The page opened by the studio: its customisation listener starts, and says the page is mounted.
      const studio = { postMessage: vi.fn() };
      Object.defineProperty(window, 'opener', { value: studio, configurable: true });
      render(
        <AppProvider queryClient={createQueryClient()} embedContext={undefined}>
          <Greeting />
        </AppProvider>,
      );
      await waitFor(() => expect(studio.postMessage).toHaveBeenCalledWith({ type: 'lifeCycle', lifeCycle: 'mounted' }, '*'));
      const root = document.documentElement;
      const colorScheme = (primary: string) => ({ type: 'colorScheme', colorScheme: { primary } });

      window.dispatchEvent(new MessageEvent('message', { origin: 'https://elsewhere.example', data: colorScheme('#00ff00') }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(root.style.getPropertyValue('--color-primary')).toBe('#1e3a8a');

      window.dispatchEvent(new MessageEvent('message', { origin: STUDIO, data: colorScheme('#0a7e8c') }));
      await waitFor(() => expect(root.style.getPropertyValue('--color-primary')).toBe('#0a7e8c'));
    });
  });
});
