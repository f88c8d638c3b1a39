import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDataQueryOptions } from '@/api/get-app-data';
import { SelectedTheaterProvider } from '@/state/selected-theater';
import { renderWithApp } from '@/testing/render';
import type { AppData } from '@/types/api';
import { WatchlistButton } from './watchlist-button';

const messages = {
  'loyalty.watchlist.add': 'Add to watchlist',
  'loyalty.watchlist.addLabel': 'Add to watchlist: {0}',
  'loyalty.watchlist.listed': 'On your watchlist',
  'loyalty.watchlist.listedLabel': 'On your watchlist: {0}',
  'loyalty.watchlist.addToHear': 'Add it to your watchlist to hear when tickets go on sale.',
  'loyalty.watchlist.toldOnSale': "We'll tell you when tickets go on sale.",
  'loyalty.watchlist.turnOnAlerts': 'Turn on alerts to hear when tickets go on sale',
  'loyalty.alertsOffer.question': 'Want us to tell you when tickets go on sale?',
  'loyalty.alertsOffer.turnOn': 'Turn on alerts',
  'loyalty.alertsOffer.notNow': 'Not now',
  'loyalty.alertsOffer.on': "Alerts are on: we'll e-mail you.",
  'loyalty.alertsOffer.push': 'Also notify me on this device',
  'loyalty.alertsOffer.pushOn': 'Push notifications are on for this device.',
};

const none = { onSale: false, lastChance: false, email: false, push: false, chosen: false };
const byEmail = { onSale: true, lastChance: true, email: true, push: false, chosen: true };

function renderButton(includeWatchlist: boolean, { awaitingShowtimes = false } = {}) {
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
        <WatchlistButton movieId="1004" title="Velocity" awaitingShowtimes={awaitingShowtimes} />
      </SelectedTheaterProvider>
    </QueryClientProvider>,
    messages,
  );
}

type Sent = { route: string; payload: Record<string, unknown> };

/** A signed-in version 3 member with `films` on the watchlist and these alert preferences; returns what was sent. */
function answerAsMember({ films = [] as string[], preferences = none, pushPublicKey = null as string | null } = {}) {
  document.cookie = `loyaltySession=${encodeURIComponent(JSON.stringify({ token: 't0', refreshToken: 'r0', cypherVersion: 3 }))}; path=/`;
  const sent: Sent[] = [];
  const replies: Record<string, (payload: Record<string, unknown>) => unknown> = {
    '/Member/v3/RefreshLogin': () => ({
      peachCode: 0,
      sessionManagementTokens: { boxofficeSessionToken: 't1', boxofficeRefreshSessionToken: 'r1' },
    }),
    '/Member/v3/GetMember/': () => ({ peachCode: 0, memberDetails: { memberId: 'm1', memberExpiry: '0001-01-01T00:00:00Z' } }),
    '/Member/v3/GetFavoriteFilms': () => ({ peachCode: 0, externalFilmIds: films }),
    '/Member/v3/AddFavoriteFilm': () => ({ peachCode: 0 }),
    '/Member/v3/RemoveFavoriteFilm': () => ({ peachCode: 0 }),
    '/Member/v3/GetAlertPreferences': () => ({ peachCode: 0, alertPreferences: preferences, pushPublicKey }),
    '/Member/v3/UpdateAlertPreferences': (payload) => ({ peachCode: 0, alertPreferences: { ...payload, chosen: true } }),
    '/Member/v3/AddPushSubscription': () => ({ peachCode: 0 }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const { reqMetadata, ...payload } = JSON.parse(init.body as string) as { reqMetadata: { route: string } };
      sent.push({ route: reqMetadata.route, payload });
      const answer = Object.entries(replies).find(([prefix]) => reqMetadata.route.startsWith(prefix))?.[1];
      return Promise.resolve(Response.json(answer ? answer(payload) : { peachCode: 30 }));
    }),
  );
  return sent;
}

/** The member's button once the watchlist is in (disabled before). */
async function addButton() {
  const button = await screen.findByRole('button', { name: 'Add to watchlist: Velocity' }, { timeout: 2000 });
  await vi.waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  return button;
}
const asked = (sent: Sent[], route: string) => sent.filter((call) => call.route === route);

describe('WatchlistButton', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    window.sessionStorage.clear();
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it('offers a guest the same button as a way to sign in, so the member toggle moves nothing', () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 500 }))));
    renderButton(true, { awaitingShowtimes: true });
    const link = screen.getByRole('link', { name: 'Add to watchlist' });
    expect(link.getAttribute('href')).toBe('/sign-in/');
    expect(link.className).toBe('button button-secondary');
    expect(screen.queryByTestId('watchlist-alert-note')).toBeNull();
  });

  it('shows nothing on a site without a watchlist', () => {
    renderButton(false);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the alerts offer after an add', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    window.sessionStorage.clear();
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it('reads no alert preferences on a movie with showtimes before an add', async () => {
    const sent = answerAsMember();
    renderButton(true);
    await addButton();
    expect(asked(sent, '/Member/v3/GetAlertPreferences')).toEqual([]);
    expect(screen.queryByTestId('alerts-offer')).toBeNull();
  });

  it('offers alerts beside the button when they were never chosen, and "Turn on alerts" saves them by e-mail', async () => {
    const sent = answerAsMember();
    renderButton(true);
    fireEvent.click(await addButton());
    const offer = await screen.findByRole('region', { name: 'Want us to tell you when tickets go on sale?' });
    // A panel in the page, not a dialog: the rest of the page stays as it is.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(offer.dataset.testid).toBe('alerts-offer');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on alerts' }));
    expect((await screen.findByText("Alerts are on: we'll e-mail you.")).getAttribute('role')).toBe('status');
    expect(asked(sent, '/Member/v3/UpdateAlertPreferences').map((call) => call.payload)).toEqual([
      { onSale: true, lastChance: true, email: true, push: false },
    ]);
  });

  it('"Not now" hides it for the session', async () => {
    answerAsMember();
    renderButton(true);
    fireEvent.click(await addButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByTestId('alerts-offer')).toBeNull();
    expect(window.sessionStorage.getItem('alertsOfferPutOff')).toBe('1');
    // Taken off and added again: no offer.
    fireEvent.click(await screen.findByRole('button', { name: 'On your watchlist: Velocity' }));
    fireEvent.click(await addButton());
    await screen.findByRole('button', { name: 'On your watchlist: Velocity' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('alerts-offer')).toBeNull();
  });

  it('is not offered once alerts were chosen', async () => {
    const sent = answerAsMember({ preferences: { ...none, chosen: true } });
    renderButton(true);
    fireEvent.click(await addButton());
    await vi.waitFor(() => expect(asked(sent, '/Member/v3/GetAlertPreferences')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('alerts-offer')).toBeNull();
  });

  it("asks for the notification permission only from the offer's own push button", async () => {
    const sent = answerAsMember({ pushPublicKey: 'BAEC' });
    const requestPermission = vi.fn(() => Promise.resolve('granted' as NotificationPermission));
    const subscription = { endpoint: 'https://push.example/s/1', toJSON: () => ({ endpoint: 'https://push.example/s/1', keys: { p256dh: 'BP', auth: 'A' } }) };
    const registration = { pushManager: { getSubscription: () => Promise.resolve(null), subscribe: vi.fn(() => Promise.resolve(subscription)) } };
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', { requestPermission });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: () => Promise.resolve(registration), ready: Promise.resolve(registration) },
    });
    renderButton(true);
    fireEvent.click(await addButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Turn on alerts' }));
    const push = await screen.findByRole('button', { name: 'Also notify me on this device' });
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(push);
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await screen.findByText('Push notifications are on for this device.');
    expect(registration.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: new Uint8Array([4, 1, 2]) });
    expect(asked(sent, '/Member/v3/AddPushSubscription')).toHaveLength(1);
    expect(asked(sent, '/Member/v3/UpdateAlertPreferences').at(-1)?.payload).toEqual({ onSale: true, lastChance: true, email: true, push: true });
  });
});

describe('the watchlist button of a movie without showtimes yet', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it.each([
    ['not listed, alerts never chosen', [], none, 'Add to watchlist: Velocity', 'Add it to your watchlist to hear when tickets go on sale.'],
    ['listed, alerts on', ['1004'], byEmail, 'On your watchlist: Velocity', "We'll tell you when tickets go on sale."],
    ['listed, alerts off', ['1004'], { ...none, chosen: true }, 'On your watchlist: Velocity', 'Turn on alerts to hear when tickets go on sale'],
  ])('%s: the button says so', async (_name, films, preferences, name, description) => {
    answerAsMember({ films, preferences });
    renderButton(true, { awaitingShowtimes: true });
    const button = await screen.findByRole('button', { name }, { timeout: 2000 });
    await vi.waitFor(() => expect(screen.getByTestId('watchlist-alert-note').textContent).toBe(description));
    expect(button.getAttribute('aria-describedby')).toBe(screen.getByTestId('watchlist-alert-note').id);
  });
});
