import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDataQueryOptions } from '@/api/get-app-data';
import { renderWithApp } from '@/testing/render';
import type { AppData } from '@/types/api';
import { LoyaltySessionProvider } from '../../hooks/loyalty-session';
import { TheatersScreen } from './theaters-screen';

const messages = {
  'loyalty.theaters.add': 'Add to favorites',
  'loyalty.theaters.addLabel': 'Add to favorites: {0}',
  'loyalty.theaters.error': 'An error has occured.',
  'loyalty.theaters.title': 'Favorite theaters',
  'loyalty.error.44': 'This theater cannot be a favorite',
};
const config = { provider: 'BOOST_POS', version: 3, circuitId: '77' };

/**
 * A signed-in version 3 member (the stored session refreshed, then read) without favourites;
 * adding one gets `addAnswer`.
 */
function answerAsMember(addAnswer: () => Promise<Response>) {
  document.cookie = `loyaltySession=${encodeURIComponent(JSON.stringify({ token: 't0', refreshToken: 'r0', cypherVersion: 3 }))}; path=/`;
  const replies: Record<string, unknown> = {
    '/Member/v3/RefreshLogin': {
      peachCode: 0,
      sessionManagementTokens: { boxofficeSessionToken: 't1', boxofficeRefreshSessionToken: 'r1' },
    },
    '/Member/v3/GetMember/': { peachCode: 0, memberDetails: { memberId: 'm1', memberExpiry: '0001-01-01T00:00:00Z' } },
    '/Member/v3/GetFavoriteCinemas': { peachCode: 0, favoriteCinemas: [] },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const { reqMetadata } = JSON.parse(init.body as string) as { reqMetadata: { route: string } };
      if (reqMetadata.route.startsWith('/Member/v3/AddFavoriteCinema')) return addAnswer();
      const reply = Object.entries(replies).find(([prefix]) => reqMetadata.route.startsWith(prefix))?.[1];
      return Promise.resolve(new Response(JSON.stringify(reply ?? { peachCode: 30 }), { headers: { 'Content-Type': 'application/json' } }));
    }),
  );
}

async function addDowntownToFavourites() {
  const client = new QueryClient();
  const appData = { site: {}, theaters: [{ id: '101', name: 'Marquee Downtown' }] } as unknown as AppData;
  client.setQueryData(appDataQueryOptions().queryKey, appData);
  renderWithApp(
    <QueryClientProvider client={client}>
      <LoyaltySessionProvider config={config} currentTheaterId="101">
        <TheatersScreen />
      </LoyaltySessionProvider>
    </QueryClientProvider>,
    messages,
  );
  const add = await screen.findByRole('button', { name: 'Add to favorites: Marquee Downtown' }, { timeout: 2000 });
  fireEvent.click(add);
  // Enabled again once the call has settled.
  await vi.waitFor(() => expect(screen.getByRole('button', { name: /Marquee Downtown/ }).hasAttribute('disabled')).toBe(false));
}

describe('TheatersScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it('shows the provider refusing a favourite', async () => {
    answerAsMember(() =>
      Promise.resolve(new Response(JSON.stringify({ peachCode: 44 }), { headers: { 'Content-Type': 'application/json' } })),
    );
    await addDowntownToFavourites();
    expect((await screen.findByRole('alert')).textContent).toBe('This theater cannot be a favorite (Code: 44)');
  });

  it('only logs a change the network lost (docs/loyalty.md#favourites)', async () => {
    const failure = new TypeError('Failed to fetch');
    answerAsMember(() => Promise.reject(failure));
    const warn = vi.spyOn(console, 'warn').mockReturnValue();
    await addDowntownToFavourites();
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('favourite theaters not changed', failure));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
