// docs/loyalty.md#membership-activation: four steps, each needing the one before;
// any failed step stops the flow silently, with no result.

import type { LoyaltyContext } from '../types';
import { cypherRoutes } from '../utils/cypher-routes';
import { membershipItem } from '../utils/member-create';
import { cypherSender, type SendCypher } from './call-cypher';

export type ActivationUser = {
  email: string;
  activationCode: string;
  firstName?: string;
  lastName?: string;
  cardNumber?: string;
  mobileNumber?: string;
};

/**
 * Runs the steps, anonymously, reading each reply's codes itself; true once the payment
 * completed, false when a step failed.
 */
export async function activateMembership(
  context: LoyaltyContext,
  user: ActivationUser,
  call: SendCypher = cypherSender(context.brand),
): Promise<boolean> {
  const routes = cypherRoutes(context);
  try {
    const item = membershipItem(await call({ method: 'GET', route: routes.membershipList() }) as never);
    if (!item) return false;
    const started = await call({
      method: 'POST',
      route: routes.setMemberToActivateOnComplete(),
      payload: { ...user, memberLevelId: item.memberLevelId, memberItemId: item.code, clubId: context.clubId },
    });
    if (started.peachCode !== 0 || !started.userSessionId) return false;
    const added = await call({
      method: 'POST',
      route: routes.addMembership(),
      payload: {
        userSessionId: started.userSessionId,
        cinemaId: context.cinemaId,
        emailAddress: user.email,
        mobile: user.mobileNumber ?? '',
        concessions: [item],
      },
    });
    if (!added.orderId) return false;
    const paid = await call({
      method: 'POST',
      route: routes.completePayment(),
      payload: {
        QueryString: '',
        PostValues: '',
        PostValuesModel: null,
        IsNewMember: true,
        AmountPaidPaymentProvider: 0,
        OtherPayments: null,
        OrderId: added.orderId,
        Customer: { FirstName: user.firstName ?? '', LastName: user.lastName ?? '', Email: user.email },
      },
    });
    return paid.peachCode === 0 || paid.statusCode === 200 || paid.statusCode === 0;
  } catch {
    return false;
  }
}
