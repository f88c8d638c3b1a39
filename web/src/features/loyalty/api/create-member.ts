import { memberCreatePayload } from '../utils/member-create';
import type { LoyaltyApi } from './loyalty-api';

export type NewMember = {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  /** International (+E.164). */
  mobileNumber: string;
  zipCode: string;
  /** The invisible captcha's token, when the site uses one: a registration needs it. */
  captchaToken: string | undefined;
};

/** Creates the membership at the site's club (docs/loyalty.md#registration), anonymously. */
export async function createMember({ call, routes, context }: LoyaltyApi, member: NewMember): Promise<void> {
  const { email, password, mobileNumber, captchaToken, ...profile } = member;
  await call({
    method: 'POST',
    route: routes.create(),
    payload: { ...memberCreatePayload({ clubId: context.clubId, email, password, mobileNumber, ...profile }), email, password, mobileNumber },
    captchaToken,
    anonymous: true,
  });
}
