import type { CypherReply } from '../types';
import type { CypherRoutes } from '../utils/cypher-routes';
import type { SendCypher } from './call-cypher';

/** The member a session token belongs to, with their details. */
export function getMember(send: SendCypher, routes: CypherRoutes, token: string): Promise<CypherReply> {
  return send({ method: 'GET', route: routes.getMember(), sessionToken: token });
}
