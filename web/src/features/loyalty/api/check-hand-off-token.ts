import type { CypherReply, CypherVersion, LoyaltyContext } from '../types';
import { cypherRoutes } from '../utils/cypher-routes';
import { cypherSender, type SendCypher } from './call-cypher';
import { getMember } from './get-member';

/**
 * Checks the member's token before a ticketing hand-off
 * (docs/loyalty.md#ticketing-hand-off): version 1 validates it with a call of its own,
 * version 3 reads the member with it. peachCode 0 is a valid token.
 */
export function checkHandOffToken(
  context: LoyaltyContext,
  version: CypherVersion,
  token: string,
  send: SendCypher = cypherSender(context.brand),
): Promise<CypherReply> {
  const routes = cypherRoutes(context);
  return version === 1
    ? send({ method: 'GET', route: routes.validateToken(), sessionToken: token })
    : getMember(send, routes, token);
}
