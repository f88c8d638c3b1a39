import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { LoyaltySessionProvider } from '../../hooks/loyalty-session';
import { HistoryScreen } from './history-screen';

const messages = {
  'loyalty.wallet.addTicket': 'Add ticket to wallet',
  'loyalty.wallet.addTicketLabel': 'Add ticket to wallet: {0}, {1}, order {2}',
};

// Two orders of the same film: the rows differ only by their date and their order.
const orders = [
  { orderId: 'MQ-ORDER-1002', cinemaId: '101', filmTitle: 'Velocity', tickets: 2, totalCents: 3100, placedAt: 1_785_000_000 },
  { orderId: 'MQ-ORDER-1001', cinemaId: '101', filmTitle: 'Velocity', tickets: 1, totalCents: 1550, placedAt: 1_780_000_000 },
];

/** The history calls answer with the two orders and no points activity. */
function answerWithOrders() {
  const replies: Record<string, unknown> = {
    '/Member/v3/OrderHistory': { peachCode: 0, orders },
    '/Member/v3/TransactionHistory': { peachCode: 0, transactions: [] },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const { reqMetadata } = JSON.parse(init.body as string) as { reqMetadata: { route: string } };
      const reply = Object.entries(replies).find(([prefix]) => reqMetadata.route.startsWith(prefix))?.[1];
      return Promise.resolve(new Response(JSON.stringify(reply ?? { peachCode: 30 }), { headers: { 'Content-Type': 'application/json' } }));
    }),
  );
}

describe('HistoryScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('names each e-ticket button after its order, so a screen reader tells the rows apart', async () => {
    answerWithOrders();
    renderWithApp(
      <QueryClientProvider client={new QueryClient()}>
        <LoyaltySessionProvider config={{ provider: 'BOOST_POS', version: 3, circuitId: '77' }} currentTheaterId="101">
          <HistoryScreen />
        </LoyaltySessionProvider>
      </QueryClientProvider>,
      messages,
    );
    const buttons = await screen.findAllByRole('button', { name: /^Add ticket to wallet/ });
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Add ticket to wallet: Velocity, Jul 25, 2026, order MQ-ORDER-1002',
      'Add ticket to wallet: Velocity, May 28, 2026, order MQ-ORDER-1001',
    ]);
    expect(buttons.map((button) => button.textContent)).toEqual(['Add ticket to wallet', 'Add ticket to wallet']);
  });
});
