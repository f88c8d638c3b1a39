import type { CypherReply, CypherVersion } from '../types';
import type { CypherRoutes } from '../utils/cypher-routes';
import type { SendCypher } from './call-cypher';
import { getMember } from './get-member';

/** Signs in with a token handed over from elsewhere: version 1 has a call of its own, version 3 reads the member with it. */
export function loginWithToken(send: SendCypher, routes: CypherRoutes, version: CypherVersion, token: string): Promise<CypherReply> {
  return version === 1
    ? send({ method: 'POST', route: routes.loginWithToken(), payload: { token, flag: true } })
    : getMember(send, routes, token);
}
