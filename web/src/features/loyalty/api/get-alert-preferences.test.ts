import { describe, expect, it, vi } from 'vitest';
import type { CypherReply, LoyaltyContext } from '../types';
import { cypherRoutes } from '../utils/cypher-routes';
import type { MemberCall } from './loyalty-api';
import { getAlertPreferences } from './get-alert-preferences';

const context: LoyaltyContext = { circuitId: '77', cinemaId: '101', clubId: 'C', provider: 'BOOST_POS', version: 3, brand: 'boxoffice' };

/** The member's calls, each answered with `reply`, as loyalty-api.ts's `call` does on success. */
function memberCalls(reply: CypherReply = { peachCode: 0 }) {
  const call = vi.fn<(call: MemberCall) => Promise<CypherReply>>(() => Promise.resolve(reply));
  return { call, routes: cypherRoutes(context) };
}

describe('getAlertPreferences', () => {
  it('reads the preferences and the push key', async () => {
    const api = memberCalls({
      peachCode: 0,
      alertPreferences: { onSale: true, lastChance: false, email: true, push: false, chosen: true },
      pushPublicKey: 'BKey',
    });
    await expect(getAlertPreferences(api)).resolves.toEqual({
      preferences: { onSale: true, lastChance: false, email: true, push: false, chosen: true },
      pushPublicKey: 'BKey',
    });
    expect(api.call).toHaveBeenCalledWith({ method: 'GET', route: '/Member/v3/GetAlertPreferences' });
  });

  it('reads no push key as push not offered', async () => {
    const api = memberCalls({ peachCode: 0, alertPreferences: {}, pushPublicKey: null });
    await expect(getAlertPreferences(api)).resolves.toMatchObject({ pushPublicKey: null, preferences: { chosen: false } });
  });
});
