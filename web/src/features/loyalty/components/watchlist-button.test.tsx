import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDataQueryOptions } from '@/api/get-app-data';
import { SelectedTheaterProvider } from '@/state/selected-theater';
import { renderWithApp } from '@/testing/render';
import type { AppData } from '@/types/api';
import { WatchlistButton } from './watchlist-button';

const messages = {
  'loyalty.watchlist.add': 'Add to watchlist',
};

function renderButton(includeWatchlist: boolean) {
  const client = new QueryClient();
  const appData = {
    site: {
      settings: { loginPage: { slug: 'sign-in' } },
      loyalty: { provider: 'BOOST_POS', version: 3, circuitId: '77', includeWatchlist },
    },
    theaters: [],
  } as unknown as AppData;
  client.setQueryData(appDataQueryOptions().queryKey, appData);
  return renderWithApp(
    <QueryClientProvider client={client}>
      <SelectedTheaterProvider>
        <WatchlistButton movieId="1004" title="Velocity" />
      </SelectedTheaterProvider>
    </QueryClientProvider>,
    messages,
  );
}

describe('WatchlistButton', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers a guest the same button as a way to sign in, so the member toggle moves nothing', () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 500 }))));
    renderButton(true);
    const link = screen.getByRole('link', { name: 'Add to watchlist' });
    expect(link.getAttribute('href')).toBe('/sign-in/');
    expect(link.className).toBe('button button-secondary');
  });

  it('shows nothing on a site without a watchlist', () => {
    renderButton(false);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
