import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDataQueryOptions } from '@/api/get-app-data';
import { SelectedTheaterProvider } from '@/state/selected-theater';
import { renderWithApp } from '@/testing/render';
import type { AppData, TicketingProvider } from '@/types/api';
import { LoyaltySessionProvider } from '../../hooks/loyalty-session';
import { EVouchersScreen } from './e-vouchers-screen';

const messages = {
  'loyalty.eVouchers.about': 'E-vouchers are prepaid vouchers for food and drinks.',
  'loyalty.eVouchers.buy': 'Buy e-vouchers',
  'loyalty.eVouchers.whereToBuy': "E-vouchers are sold at the theater's box office.",
};

const withoutVouchers: TicketingProvider = { url: 'https://tickets.example', handOffs: ['giftcards'] };
const withVouchers: TicketingProvider = { url: 'https://tickets.example', handOffs: ['vouchers'] };

/** The e-vouchers screen at theater 101, the visitor's choice, with the given providers. */
async function renderScreen(site: TicketingProvider, theater?: TicketingProvider) {
  document.cookie = 'selectedTheaterId=101; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const { reqMetadata } = JSON.parse(init.body as string) as { reqMetadata: { route: string } };
      const reply = reqMetadata.route.startsWith('/Concession/GetAllEVoucherConcessions/101')
        ? { peachCode: 0, concessions: [{ id: 'c1', name: 'Popcorn and a soda', priceCents: 900 }] }
        : { peachCode: 30 };
      return Promise.resolve(new Response(JSON.stringify(reply), { headers: { 'Content-Type': 'application/json' } }));
    }),
  );
  const client = new QueryClient();
  const appData = {
    site: { settings: { ticketingProvider: site } },
    theaters: [{ id: '101', name: 'Marquee Riverfront 14', ticketingProvider: theater }],
  } as unknown as AppData;
  client.setQueryData(appDataQueryOptions().queryKey, appData);
  renderWithApp(
    <QueryClientProvider client={client}>
      <SelectedTheaterProvider>
        <LoyaltySessionProvider config={{ provider: 'BOOST_POS', version: 3, circuitId: '77' }} currentTheaterId="101">
          <EVouchersScreen />
        </LoyaltySessionProvider>
      </SelectedTheaterProvider>
    </QueryClientProvider>,
    messages,
  );
  await screen.findByText('Popcorn and a soda');
}

describe('EVouchersScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.cookie = 'selectedTheaterId=; max-age=0; path=/';
  });

  it("says what e-vouchers are and leads to the theater's ticketing site to buy them", async () => {
    await renderScreen(withoutVouchers, withVouchers);
    expect(screen.getByText('E-vouchers are prepaid vouchers for food and drinks.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Buy e-vouchers' }).getAttribute('href')).toBe('/vouchers/?theaterId=101');
  });

  it("takes the site's provider when the theater has none of its own", async () => {
    await renderScreen(withVouchers);
    expect(screen.getByRole('link', { name: 'Buy e-vouchers' }).getAttribute('href')).toBe('/vouchers/?theaterId=101');
  });

  it('says where e-vouchers are sold when the ticketing site does not sell them', async () => {
    await renderScreen(withoutVouchers);
    expect(screen.queryByRole('link', { name: 'Buy e-vouchers' })).toBeNull();
    expect(screen.getByText("E-vouchers are sold at the theater's box office.")).toBeTruthy();
  });
});
