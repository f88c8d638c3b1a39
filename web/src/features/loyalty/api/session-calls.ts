// The calls of the session lifecycle (utils/session-controller.ts), each in its own file of
// this folder, bound to the site's loyalty context. Tests send them through a fake.

import type { CypherReply, LoyaltyContext, LoyaltySession } from '../types';
import { cypherRoutes } from '../utils/cypher-routes';
import { cypherSender, type SendCypher } from './call-cypher';
import { getMember } from './get-member';
import { login, type Credentials } from './login';
import { loginWithToken } from './login-with-token';
import { logout } from './logout';
import { refreshLogin } from './refresh-login';

export type SessionCalls = {
  /** Null when the call got no answer. */
  login(credentials: Credentials): Promise<CypherReply | null>;
  loginWithToken(token: string): Promise<CypherReply>;
  getMember(token: string): Promise<CypherReply>;
  refreshLogin(session: LoyaltySession): Promise<CypherReply>;
  logout(session: LoyaltySession): Promise<CypherReply>;
};

export function sessionCalls(context: LoyaltyContext, send: SendCypher = cypherSender(context.brand)): SessionCalls {
  const routes = cypherRoutes(context);
  return {
    login: (credentials) => login(send, routes, credentials),
    loginWithToken: (token) => loginWithToken(send, routes, context.version, token),
    getMember: (token) => getMember(send, routes, token),
    refreshLogin: (session) => refreshLogin(send, routes, session),
    logout: (session) => logout(send, routes, session),
  };
}
