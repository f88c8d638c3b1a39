import { describe, expect, it, vi } from 'vitest';
import type { CypherReply, LoyaltyContext } from '../types';
import { cypherRoutes } from '../utils/cypher-routes';
import type { MemberCall } from './loyalty-api';
import { updateAlertPreferences } from './update-alert-preferences';

const context: LoyaltyContext = { circuitId: '77', cinemaId: '101', clubId: 'C', provider: 'BOOST_POS', version: 3, brand: 'boxoffice' };

/** The member's calls, each answered with `reply`, as loyalty-api.ts's `call` does on success. */
function memberCalls(reply: CypherReply = { peachCode: 0 }) {
  const call = vi.fn<(call: MemberCall) => Promise<CypherReply>>(() => Promise.resolve(reply));
  return { call, routes: cypherRoutes(context) };
}

describe('updateAlertPreferences', () => {
  it('saves the four choices and answers the saved preferences', async () => {
    const saved = { onSale: true, lastChance: true, email: true, push: false, chosen: true };
    const api = memberCalls({ peachCode: 0, alertPreferences: saved });
    await expect(updateAlertPreferences(api, { onSale: true, lastChance: true, email: true, push: false })).resolves.toEqual(saved);
    expect(api.call).toHaveBeenCalledWith({
      method: 'POST',
      route: '/Member/v3/UpdateAlertPreferences',
      payload: { onSale: true, lastChance: true, email: true, push: false },
    });
  });

  it('lets a refusal through to the screen', async () => {
    const api = memberCalls();
    api.call.mockRejectedValueOnce(new Error('the loyalty provider answered code 30'));
    await expect(updateAlertPreferences(api, { onSale: true, lastChance: true, email: true, push: false })).rejects.toThrow('30');
  });
});
