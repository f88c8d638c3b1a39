import { describe, expect, it, vi } from 'vitest';
import type { MemberCall } from '../api/loyalty-api';
import type { CypherReply, LoyaltyContext } from '../types';
import { cypherRoutes } from '../utils/cypher-routes';
import { saveAlertChoices, type AlertChoicesSave, type PushDevice } from './use-save-alert-choices';

const context: LoyaltyContext = { circuitId: '77', cinemaId: '101', clubId: 'C', provider: 'BOOST_POS', version: 3, brand: 'boxoffice' };
const subscription = { endpoint: 'https://push.example/s/1', keys: { p256dh: 'BP', auth: 'A' } };

/** Every call succeeds, UpdateAlertPreferences answering what it was sent. */
function memberCalls() {
  const call = vi.fn<(call: MemberCall) => Promise<CypherReply>>(({ route, payload }) =>
    Promise.resolve(
      route === '/Member/v3/UpdateAlertPreferences' ? { peachCode: 0, alertPreferences: { ...payload, chosen: true } } : { peachCode: 0 },
    ),
  );
  return { call, routes: cypherRoutes(context) };
}

function fakeDevice({ subscribeFails = false, subscribed = true } = {}) {
  const unsubscribe = vi.fn(() => Promise.resolve(true));
  const device = {
    subscribe: vi.fn(() => (subscribeFails ? Promise.reject(new DOMException('no push service', 'AbortError')) : Promise.resolve(subscription))),
    subscription: vi.fn(() => Promise.resolve(subscribed ? { endpoint: subscription.endpoint, unsubscribe } : null)),
  } satisfies PushDevice;
  return { device, unsubscribe };
}

const save = (change: Partial<AlertChoicesSave>): AlertChoicesSave => ({
  choices: { onSale: true, lastChance: false, email: true },
  pushBefore: false,
  pushPublicKey: 'BKey',
  ...change,
});

const routesOf = (api: ReturnType<typeof memberCalls>) => api.call.mock.calls.map(([made]) => made.route);
const savedPush = (api: ReturnType<typeof memberCalls>) => api.call.mock.lastCall?.[0].payload?.push;

describe('saving the alert choices', () => {
  it('turns push on: the granted permission, then the subscription, then the choices', async () => {
    const api = memberCalls();
    const { device } = fakeDevice();
    const saved = await saveAlertChoices(api, save({ devicePush: 'on', permission: Promise.resolve('granted') }), device);
    expect(device.subscribe).toHaveBeenCalledWith('BKey');
    expect(routesOf(api)).toEqual(['/Member/v3/AddPushSubscription', '/Member/v3/UpdateAlertPreferences']);
    expect(api.call.mock.calls[0]?.[0].payload).toEqual(subscription);
    expect(saved).toEqual({ preferences: { onSale: true, lastChance: false, email: true, push: true, chosen: true }, pushProblem: undefined });
  });

  it.each([['denied'], ['default']] as const)('with the permission %s, subscribes nothing and saves the rest with push off', async (permission) => {
    const api = memberCalls();
    const { device } = fakeDevice();
    const saved = await saveAlertChoices(api, save({ devicePush: 'on', permission: Promise.resolve(permission) }), device);
    expect(device.subscribe).not.toHaveBeenCalled();
    expect(routesOf(api)).toEqual(['/Member/v3/UpdateAlertPreferences']);
    expect(savedPush(api)).toBe(false);
    expect(saved.pushProblem).toBe('refused');
  });

  it('keeps push on elsewhere when this device is refused', async () => {
    const api = memberCalls();
    const saved = await saveAlertChoices(
      api,
      save({ pushBefore: true, devicePush: 'on', permission: Promise.resolve('denied') }),
      fakeDevice().device,
    );
    expect(savedPush(api)).toBe(true);
    expect(saved.pushProblem).toBe('refused');
  });

  it('saves the rest with push off when the browser cannot subscribe', async () => {
    const api = memberCalls();
    vi.spyOn(console, 'warn').mockReturnValue();
    const saved = await saveAlertChoices(
      api,
      save({ devicePush: 'on', permission: Promise.resolve('granted') }),
      fakeDevice({ subscribeFails: true }).device,
    );
    expect(routesOf(api)).toEqual(['/Member/v3/UpdateAlertPreferences']);
    expect(savedPush(api)).toBe(false);
    expect(saved.pushProblem).toBe('failed');
  });

  it('turns push off: svc-loyalty forgets the subscription, then the browser drops it', async () => {
    const api = memberCalls();
    const { device, unsubscribe } = fakeDevice();
    await saveAlertChoices(api, save({ pushBefore: true, devicePush: 'off' }), device);
    expect(routesOf(api)).toEqual(['/Member/v3/RemovePushSubscription', '/Member/v3/UpdateAlertPreferences']);
    expect(api.call.mock.calls[0]?.[0].payload).toEqual({ endpoint: subscription.endpoint });
    expect(unsubscribe).toHaveBeenCalled();
    expect(savedPush(api)).toBe(false);
  });

  it('keeps the browser subscription when svc-loyalty refuses to forget it', async () => {
    const api = memberCalls();
    api.call.mockRejectedValueOnce(new Error('refused'));
    const { device, unsubscribe } = fakeDevice();
    await expect(saveAlertChoices(api, save({ pushBefore: true, devicePush: 'off' }), device)).rejects.toThrow('refused');
    expect(unsubscribe).not.toHaveBeenCalled();
  });

  it.each([[true], [false]])('leaves push as it was (%s) when this device does not change', async (pushBefore) => {
    const api = memberCalls();
    const { device } = fakeDevice();
    await saveAlertChoices(api, save({ pushBefore }), device);
    expect(device.subscribe).not.toHaveBeenCalled();
    expect(device.subscription).not.toHaveBeenCalled();
    expect(routesOf(api)).toEqual(['/Member/v3/UpdateAlertPreferences']);
    expect(savedPush(api)).toBe(pushBefore);
  });
});
