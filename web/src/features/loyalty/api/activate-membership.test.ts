import { describe, expect, it, vi } from 'vitest';
import type { CypherReply, LoyaltyContext } from '../types';
import type { CypherCall } from '../utils/cypher-envelope';
import { activateMembership } from './activate-membership';

const context: LoyaltyContext = { circuitId: 'C', cinemaId: '9', clubId: 'CLUB', provider: 'RTS', version: 1, brand: 'boxoffice' };
const user = { email: 'a@b.example', activationCode: 'CODE' };

function provider(answers: CypherReply[]) {
  return vi.fn<(call: CypherCall) => Promise<CypherReply>>(() => Promise.resolve(answers.shift() ?? { peachCode: 0 }));
}

describe('activateMembership', () => {
  it('runs the four steps in order and succeeds', async () => {
    const call = provider([
      { peachCode: 0, listConcessionGrouping: [{ items: [{ code: 'M', memberLevelId: 2 }] }] },
      { peachCode: 0, userSessionId: 'u1' },
      { peachCode: 0, orderId: 'o1' },
      { peachCode: 0, statusCode: 200 },
    ]);
    await expect(activateMembership(context, user, call)).resolves.toBe(true);
    const routes = call.mock.calls.map(([made]) => made.route);
    expect(routes[0]).toBe('/Member/GetMembershipList/9/?circuitId=C');
    expect(call.mock.calls[1]?.[0].payload).toMatchObject({ memberLevelId: 2, memberItemId: 'M', clubId: 'CLUB' });
    expect(call.mock.calls[2]?.[0].payload).toMatchObject({ userSessionId: 'u1', concessions: [{ code: 'M', cost: 0, quantity: 1 }] });
    expect(call.mock.calls[3]?.[0].payload).toMatchObject({ OrderId: 'o1', IsNewMember: true, AmountPaidPaymentProvider: 0 });
  });

  it('stops silently when a step fails', async () => {
    const call = provider([
      { peachCode: 0, listConcessionGrouping: [{ items: [{ code: 'M' }] }] },
      { peachCode: 85 },
    ]);
    await expect(activateMembership(context, user, call)).resolves.toBe(false);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('stops when the membership list has no item', async () => {
    const call = provider([{ peachCode: 0, listConcessionGrouping: [] }]);
    await expect(activateMembership(context, user, call)).resolves.toBe(false);
  });
});
