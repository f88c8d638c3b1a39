import { clubToEditWith, usernameEditPayload } from '../utils/member-search';
import { callCypher } from './call-cypher';
import type { LoyaltyApi } from './loyalty-api';
import { sendPasswordReset } from './send-password-reset';

/**
 * docs/loyalty.md#registration at registration (utils/member-search.ts):
 * when `email` belongs to a member enrolled at a box office, gives them that address as
 * username and e-mails them a link to set their password; answers whether it did. An
 * address nobody has, or whose member has a username, is left to the registration.
 */
export async function claimBoxOfficeMembership(api: LoyaltyApi, email: string): Promise<boolean> {
  const { call, routes, context } = api;
  // Not `call`: "no such member" (code 30) is an answer here, not a failure.
  const search = await callCypher({ method: 'POST', route: routes.memberSearch(), payload: { email } }, context.brand);
  const clubId = clubToEditWith(search);
  if (!clubId) return false;
  await call({ method: 'POST', route: routes.edit(), payload: usernameEditPayload(email, clubId), anonymous: true });
  await sendPasswordReset(api, email);
  return true;
}
