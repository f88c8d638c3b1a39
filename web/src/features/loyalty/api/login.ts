import type { CypherReply } from '../types';
import type { CypherRoutes } from '../utils/cypher-routes';
import type { SendCypher } from './call-cypher';

export type Credentials = { username: string; password: string; captchaToken?: string };

/**
 * Signs in with a username and password: the reply carries the session's tokens and the
 * member. A call that got no answer (fetch's TypeError: the network failed) resolves null,
 * as the session's other calls do (docs/loyalty.md#session-lifecycle); a gateway error rejects.
 */
export async function login(
  send: SendCypher,
  routes: CypherRoutes,
  { username, password, captchaToken }: Credentials,
): Promise<CypherReply | null> {
  try {
    return await send({ method: 'POST', route: routes.login(), payload: { username, password }, captchaToken });
  } catch (failure) {
    if (failure instanceof TypeError) return null;
    throw failure;
  }
}
