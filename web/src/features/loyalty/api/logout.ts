import type { CypherReply, LoyaltySession } from '../types';
import type { CypherRoutes } from '../utils/cypher-routes';
import { logoutPayload } from '../utils/session-rules';
import type { SendCypher } from './call-cypher';

/** Ends the session at the provider. */
export function logout(send: SendCypher, routes: CypherRoutes, session: LoyaltySession): Promise<CypherReply> {
  return send({ method: 'POST', route: routes.logout(), sessionToken: session.token, payload: logoutPayload(session) });
}
