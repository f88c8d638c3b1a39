import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDataQueryOptions } from '@/api/get-app-data';
import { renderWithApp } from '@/testing/render';
import type { AppData } from '@/types/api';
import { LoyaltySessionProvider } from '../../hooks/loyalty-session';
import { AlertsScreen } from './alerts-screen';

const messages = {
  'loyalty.alerts.email': 'By e-mail',
  'loyalty.alerts.how': 'How to tell me',
  'loyalty.alerts.lastChance': 'Last chance',
  'loyalty.alerts.onSale': 'Tickets go on sale',
  'loyalty.alerts.push': 'By push notifications on this device',
  'loyalty.alerts.pushRefused': 'Push notifications stay off: this browser did not allow them.',
  'loyalty.alerts.save': 'Save my alerts',
  'loyalty.alerts.saved': 'Your alerts are saved.',
  'loyalty.alerts.unavailable': 'Alerts are not available for this membership.',
  'loyalty.alerts.what': 'Tell me when',
  'loyalty.error.30': 'Member not found',
};

// A VAPID key: an uncompressed P-256 point, 65 bytes.
const PUSH_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://push.example/s/1';
const none = { onSale: false, lastChance: false, email: false, push: false, chosen: false };

type Sent = { route: string; payload: Record<string, unknown> };

/**
 * A signed-in version 3 member whose alert preferences are `preferences`, on a deployment
 * with `pushPublicKey`; UpdateAlertPreferences answers what it is sent, or `updateCode`.
 * Returns what was sent to /api/cypher, by route and payload.
 */
function answerAsMember({
  preferences = none,
  pushPublicKey = PUSH_KEY,
  updateCode = 0,
  version = 3,
}: { preferences?: typeof none; pushPublicKey?: string | null; updateCode?: number; version?: 1 | 3 } = {}) {
  document.cookie = `loyaltySession=${encodeURIComponent(JSON.stringify({ token: 't0', refreshToken: 'r0', cypherVersion: version }))}; path=/`;
  const sent: Sent[] = [];
  const replies: Record<string, (payload: Record<string, unknown>) => unknown> = {
    '/Member/v3/RefreshLogin': () => ({
      peachCode: 0,
      sessionManagementTokens: { boxofficeSessionToken: 't1', boxofficeRefreshSessionToken: 'r1' },
    }),
    '/Member/RefreshLogin': () => ({ peachCode: 0, statusCode: 200, sessionManagementTokens: { boxofficeSessionToken: 't1' } }),
    '/Member/v3/GetMember/': () => ({ peachCode: 0, memberDetails: { memberId: 'm1', memberExpiry: '0001-01-01T00:00:00Z' } }),
    '/Member/v3/GetAlertPreferences': () => ({ peachCode: 0, alertPreferences: preferences, pushPublicKey }),
    '/Member/v3/UpdateAlertPreferences': (payload) =>
      updateCode ? { peachCode: updateCode } : { peachCode: 0, alertPreferences: { ...payload, chosen: true } },
    '/Member/v3/AddPushSubscription': () => ({ peachCode: 0 }),
    '/Member/v3/RemovePushSubscription': () => ({ peachCode: 0 }),
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

/** A browser with Web Push: `permission` is what the prompt answers; `subscribed` whether this device already is. */
function browserWithPush({ permission = 'granted', subscribed = false }: { permission?: NotificationPermission; subscribed?: boolean } = {}) {
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: { p256dh: 'BP', auth: 'A' } }),
    unsubscribe: vi.fn(() => Promise.resolve(true)),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(() => Promise.resolve(current)),
    subscribe: vi.fn(() => {
      current = subscription;
      return Promise.resolve(subscription);
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(() => Promise.resolve(permission));
  vi.stubGlobal('PushManager', function PushManager() {});
  vi.stubGlobal('Notification', { requestPermission, permission: 'default' });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(() => Promise.resolve(registration)),
      register: vi.fn(() => Promise.resolve(registration)),
      ready: Promise.resolve(registration),
    },
  });
  return { requestPermission, pushManager, subscription };
}

function renderScreen() {
  const client = new QueryClient();
  client.setQueryData(appDataQueryOptions().queryKey, { site: {}, theaters: [] } as unknown as AppData);
  renderWithApp(
    <QueryClientProvider client={client}>
      <LoyaltySessionProvider config={{ provider: 'BOOST_POS', version: 3, circuitId: '77', includeWatchlist: true }} currentTheaterId="101">
        <AlertsScreen />
      </LoyaltySessionProvider>
    </QueryClientProvider>,
    messages,
  );
}

const box = (name: string) => screen.findByRole('checkbox', { name }, { timeout: 2000 });
const lastUpdate = (sent: Sent[]) => sent.filter((call) => call.route === '/Member/v3/UpdateAlertPreferences').at(-1)?.payload;

describe('AlertsScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it('groups what and how in labelled fieldsets, and asks for nothing on load', async () => {
    answerAsMember();
    const { requestPermission } = browserWithPush();
    renderScreen();
    await box('Tickets go on sale');
    expect(screen.getByRole('group', { name: 'Tell me when' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'How to tell me' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'By push notifications on this device' }).checked).toBe(false);
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('saves the boxes as they are ticked', async () => {
    const sent = answerAsMember();
    browserWithPush();
    renderScreen();
    fireEvent.click(await box('Tickets go on sale'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'By e-mail' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save my alerts' }));
    expect((await screen.findByRole('status')).textContent).toBe('Your alerts are saved.');
    expect(lastUpdate(sent)).toEqual({ onSale: true, lastChance: false, email: true, push: false });
  });

  it('asks for the permission only from the save that turns push on, then subscribes this device', async () => {
    const sent = answerAsMember();
    const { requestPermission, pushManager } = browserWithPush();
    renderScreen();
    fireEvent.click(await box('By push notifications on this device'));
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Save my alerts' }));
    // In the click's own turn, before anything is awaited.
    expect(requestPermission).toHaveBeenCalledTimes(1);
    await screen.findByText('Your alerts are saved.');
    const [options] = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    expect(sent.find((call) => call.route === '/Member/v3/AddPushSubscription')?.payload).toEqual({
      endpoint: ENDPOINT,
      keys: { p256dh: 'BP', auth: 'A' },
    });
    expect(lastUpdate(sent)).toMatchObject({ push: true });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'By push notifications on this device' }).checked).toBe(true);
  });

  it('says so when the permission is refused, and leaves push off', async () => {
    const sent = answerAsMember();
    const { pushManager } = browserWithPush({ permission: 'denied' });
    renderScreen();
    fireEvent.click(await box('Tickets go on sale'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'By push notifications on this device' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save my alerts' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Push notifications stay off: this browser did not allow them.');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(sent.some((call) => call.route === '/Member/v3/AddPushSubscription')).toBe(false);
    expect(lastUpdate(sent)).toEqual({ onSale: true, lastChance: false, email: false, push: false });
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'By push notifications on this device' }).checked).toBe(false);
  });

  it('turning push off forgets the subscription and drops it from the browser', async () => {
    const sent = answerAsMember({ preferences: { onSale: true, lastChance: true, email: false, push: true, chosen: true } });
    const { requestPermission, subscription } = browserWithPush({ subscribed: true });
    renderScreen();
    const push = await box('By push notifications on this device');
    expect((push as HTMLInputElement).checked).toBe(true);
    fireEvent.click(push);
    fireEvent.click(screen.getByRole('button', { name: 'Save my alerts' }));
    await screen.findByText('Your alerts are saved.');
    expect(sent.find((call) => call.route === '/Member/v3/RemovePushSubscription')?.payload).toEqual({ endpoint: ENDPOINT });
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(lastUpdate(sent)).toEqual({ onSale: true, lastChance: true, email: false, push: false });
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it.each([
    ['the deployment has no push key', null, true],
    ['the browser has no Web Push', PUSH_KEY, false],
  ])('offers no push when %s', async (_name, pushPublicKey, browserPush) => {
    answerAsMember({ pushPublicKey });
    if (browserPush) browserWithPush();
    renderScreen();
    await box('By e-mail');
    expect(screen.queryByRole('checkbox', { name: 'By push notifications on this device' })).toBeNull();
  });

  it("shows the provider's refusal", async () => {
    answerAsMember({ updateCode: 30 });
    renderScreen();
    fireEvent.click(await box('Last chance'));
    fireEvent.click(screen.getByRole('button', { name: 'Save my alerts' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Member not found (Code: 30)');
  });

  it('is not offered to a version 1 member', async () => {
    answerAsMember({ version: 1 });
    renderScreen();
    expect((await screen.findByText('Alerts are not available for this membership.', {}, { timeout: 2000 })).tagName).toBe('P');
  });
});
