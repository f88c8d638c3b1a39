// The member area's access to /api/cypher: the routes of the session's loyalty context,
// the member's session token added, and a reply that is not a success turned into a
// LoyaltyReplyError carrying it, so screens show its catalogue message.

import { useCallback, useMemo } from 'react';
import { useLoyaltySession } from '../hooks/loyalty-session';
import type { CypherReply } from '../types';
import type { CypherCall } from '../utils/cypher-envelope';
import { cypherRoutes } from '../utils/cypher-routes';
import { replyCode } from '../utils/error-message';
import { callCypher, callCypherText, LoyaltyReplyError } from './call-cypher';

/** The reply when it succeeded (peachCode 0, or statusCode 0 or 200 on version 1 routes). */
export function successfulReply(reply: CypherReply): CypherReply {
  if (replyCode(reply) !== undefined) throw new LoyaltyReplyError(reply);
  return reply;
}

export type MemberCall = Omit<CypherCall, 'sessionToken'> & { anonymous?: boolean };

/** Calls for the signed-in member (or anonymous ones), and the routes to call. */
export function useLoyaltyApi() {
  const session = useLoyaltySession();
  const { member, context } = session;
  const routes = useMemo(() => cypherRoutes(context), [context]);
  const token = member?.token;
  const call = useCallback(
    async ({ anonymous, ...call }: MemberCall) =>
      successfulReply(await callCypher({ ...call, sessionToken: anonymous ? undefined : token }, context.brand)),
    [token, context.brand],
  );
  const callText = useCallback(
    (call: MemberCall) => callCypherText({ ...call, sessionToken: token }, context.brand),
    [token, context.brand],
  );
  return { ...session, routes, call, callText };
}

/** What the endpoint files of this folder call through: the signed-in member's session and calls. */
export type LoyaltyApi = ReturnType<typeof useLoyaltyApi>;
