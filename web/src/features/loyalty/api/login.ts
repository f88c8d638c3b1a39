import type { CypherReply } from '../types';
import type { CypherRoutes } from '../utils/cypher-routes';
import type { SendCypher } from './call-cypher';

export type Credentials = { username: string; password: string; captchaToken?: string };

/** Signs in with a username and password: the reply carries the session's tokens and the member. */
export function login(send: SendCypher, routes: CypherRoutes, { username, password, captchaToken }: Credentials): Promise<CypherReply> {
  return send({ method: 'POST', route: routes.login(), payload: { username, password }, captchaToken });
}
