import type { CypherReply, LoyaltySession } from '../types';
import type { CypherRoutes } from '../utils/cypher-routes';
import type { SendCypher } from './call-cypher';

/** New tokens for the session: version 1 sends the refresh token in the payload, version 3 in a header. */
export function refreshLogin(send: SendCypher, routes: CypherRoutes, session: LoyaltySession): Promise<CypherReply> {
  return session.cypherVersion === 1
    ? send({ method: 'GET', route: routes.refreshLogin(), payload: { refreshToken: session.refreshToken } })
    : send({ method: 'GET', route: routes.refreshLogin(), refreshToken: session.refreshToken });
}
