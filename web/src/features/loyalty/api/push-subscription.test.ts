import { describe, expect, it, vi } from 'vitest';
import type { CypherReply, LoyaltyContext } from '../types';
import { cypherRoutes } from '../utils/cypher-routes';
import type { MemberCall } from './loyalty-api';
import { addPushSubscription, removePushSubscription } from './push-subscription';

const context: LoyaltyContext = { circuitId: '77', cinemaId: '101', clubId: 'C', provider: 'BOOST_POS', version: 3, brand: 'boxoffice' };

/** The member's calls, each answered with `reply`, as loyalty-api.ts's `call` does on success. */
function memberCalls(reply: CypherReply = { peachCode: 0 }) {
  const call = vi.fn<(call: MemberCall) => Promise<CypherReply>>(() => Promise.resolve(reply));
  return { call, routes: cypherRoutes(context) };
}

describe("this device's push subscription", () => {
  it("sends this device's subscription as PushSubscription.toJSON() gives it", async () => {
    const api = memberCalls();
    const subscription = { endpoint: 'https://push.example/s/1', expirationTime: null, keys: { p256dh: 'BP', auth: 'A' } };
    await addPushSubscription(api, subscription);
    expect(api.call).toHaveBeenCalledWith({
      method: 'POST',
      route: '/Member/v3/AddPushSubscription',
      payload: { endpoint: 'https://push.example/s/1', keys: { p256dh: 'BP', auth: 'A' } },
    });
    await addPushSubscription(api, { ...subscription, expirationTime: 1767225600000 });
    expect(api.call).toHaveBeenLastCalledWith(
      expect.objectContaining({ payload: expect.objectContaining({ expirationTime: 1767225600000 }) as unknown }),
    );
  });

  it('names the subscription to forget by its endpoint', async () => {
    const api = memberCalls();
    await removePushSubscription(api, 'https://push.example/s/1');
    expect(api.call).toHaveBeenCalledWith({
      method: 'POST',
      route: '/Member/v3/RemovePushSubscription',
      payload: { endpoint: 'https://push.example/s/1' },
    });
  });
});
