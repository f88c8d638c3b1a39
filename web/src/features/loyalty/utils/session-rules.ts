// docs/loyalty.md#session-lifecycle: refresh timing, expiry, and what a refresh
// or login-by-token reply must hold to keep the member signed in.

import type { CypherReply, CypherVersion, LoyaltySession, MemberDetails } from '../types';

/** The stored session is refreshed this long after start (debounced). */
export const FIRST_REFRESH_DELAY_MS = 500;

const REFRESH_INTERVAL_MS: Readonly<Record<CypherVersion, number>> = {
  1: 600_000,
  3: 85_800_000,
};

export function refreshIntervalMs(version: CypherVersion): number {
  return REFRESH_INTERVAL_MS[version];
}

/** memberExpiry's "never expires" value. */
export const NO_EXPIRY = '0001-01-01T00:00:00Z';

export function isMemberExpired(memberExpiry: string | undefined, now: Date): boolean {
  if (!memberExpiry || memberExpiry === NO_EXPIRY) return false;
  const expiry = Date.parse(memberExpiry);
  return Number.isFinite(expiry) && expiry < now.getTime();
}

/** An expired member counts as signed out unless expired accounts may sign in. */
export function isSignedInMember(
  member: Pick<MemberDetails, 'memberExpiry'>,
  allowExpiredAccountsLogin: boolean,
  now: Date,
): boolean {
  return allowExpiredAccountsLogin || !isMemberExpired(member.memberExpiry, now);
}

/**
 * The session cookie's lifetime: sessionTimeout hours, or the browser session (no expiry
 * date) for a member whose membership has expired.
 */
export function sessionCookieHours(
  member: Pick<MemberDetails, 'memberExpiry'>,
  sessionTimeoutHours: number,
  now: Date,
): number | undefined {
  return isMemberExpired(member.memberExpiry, now) ? undefined : sessionTimeoutHours;
}

export type ReplyTokens = { token?: string; refreshToken?: string };

/** The box-office session and refresh tokens of a reply. */
export function replyTokens(reply: CypherReply, brand: string): ReplyTokens {
  const tokens = reply.sessionManagementTokens ?? {};
  return {
    token: tokens[`${brand}SessionToken`],
    refreshToken: tokens[`${brand}RefreshSessionToken`],
  };
}

/** Version 1 succeeds on statusCode 0 or 200, version 3 on peachCode 0. */
export function replySucceeded(version: CypherVersion, reply: CypherReply): boolean {
  return version === 1 ? reply.statusCode === 0 || reply.statusCode === 200 : reply.peachCode === 0;
}

/**
 * The session after a refresh reply, or undefined when the session must be cleared:
 * version 1 needs memberDetails and keeps the stored encryptedSessionId; both need both
 * tokens.
 */
export function refreshedSession(
  session: LoyaltySession,
  reply: CypherReply,
  brand: string,
): LoyaltySession | undefined {
  const { token, refreshToken } = replyTokens(reply, brand);
  if (!replySucceeded(session.cypherVersion, reply) || !token || !refreshToken) return undefined;
  if (session.cypherVersion === 1 && !reply.memberDetails) return undefined;
  return { ...session, token, refreshToken };
}

/**
 * The session after a login by `token`, or undefined when the member must be signed out:
 * version 1 needs memberDetails, whose memberId its refresh needs. Tokens the reply names
 * win. Missing ones fall back to the stored session's, when it is the same session (the
 * member handed back with the token the site handed out); a stored session of another
 * token is no fallback, since its refresh token may be another member's. With no refresh
 * token known, the session is known by its token alone, and each page checks it by
 * logging in with it again (utils/session-controller.ts).
 */
export function sessionFromTokenLogin(
  token: string,
  stored: LoyaltySession | undefined,
  reply: CypherReply,
  version: CypherVersion,
  brand: string,
): LoyaltySession | undefined {
  if (!replySucceeded(version, reply)) return undefined;
  if (version === 1 && !reply.memberDetails) return undefined;
  const same = stored?.token === token && stored.cypherVersion === version ? stored : undefined;
  const named = replyTokens(reply, brand);
  const refreshToken = named.refreshToken ?? same?.refreshToken;
  const memberId = version === 1 ? (reply.memberDetails?.memberId ?? same?.memberId) : undefined;
  return {
    ...same,
    token: named.token ?? token,
    cypherVersion: version,
    ...(refreshToken ? { refreshToken } : {}),
    ...(memberId ? { memberId } : {}),
  };
}

/** Version 3 logout: cancel the member's open order, naming the session by its refresh token. */
export function logoutPayload(session: LoyaltySession): Record<string, unknown> {
  return session.cypherVersion === 3 ? { cancelAssociatedOrder: true, userSessionId: session.refreshToken } : {};
}
