import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { LoyaltySessionProvider } from '../../hooks/loyalty-session';
import { WalletPassButton } from './wallet-pass-button';

const messages = {
  'loyalty.wallet.addCard': 'Add to wallet',
  'loyalty.wallet.failed': 'The wallet pass is not available right now.',
  'loyalty.error.503': 'Wallet passes cannot be added here',
};

// svc-loyalty's answer to a wallet pass on a site without a wallet key.
const notConfigured = { peachCode: 503, clientErrorMessage: 'Wallet passes are not available on this site (Code: 503)' };

function answerWith(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }))),
  );
}

function addToWallet(displayOriginalCypherMessages: boolean) {
  renderWithApp(
    <LoyaltySessionProvider
      config={{ provider: 'BOOST_POS', version: 3, circuitId: '77', displayOriginalCypherMessages }}
      currentTheaterId="101"
    >
      <WalletPassButton cardNumber="MQ00012345" />
    </LoyaltySessionProvider>,
    messages,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Add to wallet' }));
}

describe('WalletPassButton', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it.each([
    [true, 'Wallet passes are not available on this site (Code: 503)'],
    [false, 'Wallet passes cannot be added here (Code: 503)'],
  ])('with displayOriginalCypherMessages %s, shows the refusal of a site without wallet passes as %j', async (display, text) => {
    answerWith(501, notConfigured);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    addToWallet(display);
    expect((await screen.findByRole('alert')).textContent).toBe(text);
    expect(open).not.toHaveBeenCalled();
  });

  it('shows the fallback when the gateway cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    addToWallet(true);
    expect((await screen.findByRole('alert')).textContent).toBe('The wallet pass is not available right now.');
  });

  it('opens the wallet save page with the signed pass', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('eyJhbGciOi.x.y', { headers: { 'Content-Type': 'text/plain' } }))));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    addToWallet(false);
    await vi.waitFor(() =>
      expect(open).toHaveBeenCalledWith('https://pay.google.com/gp/v/save/eyJhbGciOi.x.y', '_blank', 'noreferrer'),
    );
  });
});
