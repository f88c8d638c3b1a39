import { describe, expect, it } from 'vitest';
import type { CypherReply, CypherVersion, LoyaltySession } from '../types';
import {
  isMemberExpired,
  isSignedInMember,
  logoutPayload,
  refreshIntervalMs,
  refreshedSession,
  sessionCookieHours,
  sessionFromTokenLogin,
} from './session-rules';

const now = new Date('2026-11-23T12:00:00Z');
const v3: LoyaltySession = { token: 't0', refreshToken: 'r0', cypherVersion: 3 };
const v1: LoyaltySession = { ...v3, cypherVersion: 1, memberId: 'm', encryptedSessionId: 'enc' };
const tokens = { sessionManagementTokens: { boxofficeSessionToken: 't1', boxofficeRefreshSessionToken: 'r1' } };

describe('loyalty session rules', () => {
  it('refreshes every 10 minutes on version 1 and every 23 h 50 min on version 3', () => {
    expect(refreshIntervalMs(1)).toBe(600_000);
    expect(refreshIntervalMs(3)).toBe(85_800_000);
  });

  it.each([
    [undefined, false],
    ['0001-01-01T00:00:00Z', false],
    ['2026-11-22T00:00:00Z', true],
    ['2027-01-01T00:00:00Z', false],
    ['not a date', false],
  ])('memberExpiry %j is expired: %s', (expiry, expired) => {
    expect(isMemberExpired(expiry, now)).toBe(expired);
  });

  it('treats an expired member as signed out unless expired accounts may sign in', () => {
    const expired = { memberExpiry: '2026-01-01T00:00:00Z' };
    expect(isSignedInMember(expired, false, now)).toBe(false);
    expect(isSignedInMember(expired, true, now)).toBe(true);
  });

  it('keeps the cookie sessionTimeout hours, or the browser session for an expired member', () => {
    expect(sessionCookieHours({ memberExpiry: '0001-01-01T00:00:00Z' }, 720, now)).toBe(720);
    expect(sessionCookieHours({ memberExpiry: '2026-01-01T00:00:00Z' }, 720, now)).toBeUndefined();
  });

  it.each([
    ['v3 success', v3, { peachCode: 0, ...tokens }, { ...v3, token: 't1', refreshToken: 'r1' }],
    ['v3 without tokens', v3, { peachCode: 0 }, undefined],
    ['v3 failure', v3, { peachCode: 30, ...tokens }, undefined],
    ['v1 success keeps encryptedSessionId', v1, { statusCode: 200, memberDetails: { memberId: 'm' }, ...tokens }, { ...v1, token: 't1', refreshToken: 'r1' }],
    ['v1 status 0', v1, { statusCode: 0, memberDetails: { memberId: 'm' }, ...tokens }, { ...v1, token: 't1', refreshToken: 'r1' }],
    ['v1 without memberDetails', v1, { statusCode: 200, ...tokens }, undefined],
    ['v1 failure', v1, { statusCode: 500, memberDetails: { memberId: 'm' }, ...tokens }, undefined],
  ])('a refresh reply (%s) gives the right session', (_case, session, reply, expected) => {
    expect(refreshedSession(session, reply, 'boxoffice')).toEqual(expected);
  });

  it.each<[string, LoyaltySession | undefined, CypherReply, CypherVersion, LoyaltySession | undefined]>([
    ['the reply names both tokens', undefined, { peachCode: 0, ...tokens }, 3, { token: 't1', refreshToken: 'r1', cypherVersion: 3 }],
    ['the same session is stored: its refresh token', v3, { peachCode: 0 }, 3, v3],
    ['another session is stored: no refresh token', { ...v3, token: 'other' }, { peachCode: 0 }, 3, { token: 't0', cypherVersion: 3 }],
    ['nothing stored: known by its token alone', undefined, { peachCode: 0 }, 3, { token: 't0', cypherVersion: 3 }],
    // Never the session token as the refresh token: the next page's refresh would fail.
    ['the reply repeats the session token alone', undefined, { peachCode: 0, sessionManagementTokens: { boxofficeSessionToken: 't0' } }, 3, { token: 't0', cypherVersion: 3 }],
    ['version 1 keeps the memberId its refresh needs', undefined, { statusCode: 200, memberDetails: { memberId: 'm' }, ...tokens }, 1, { token: 't1', refreshToken: 'r1', cypherVersion: 1, memberId: 'm' }],
    ['version 1 without memberDetails', v1, { statusCode: 200 }, 1, undefined],
    ['a refusal', v3, { peachCode: 7 }, 3, undefined],
  ])('a login by token t0 (%s)', (_case, stored, reply, version, expected) => {
    expect(sessionFromTokenLogin('t0', stored, reply, version, 'boxoffice')).toEqual(expected);
  });

  it('logs out on version 3 cancelling the order of the refresh-token session', () => {
    expect(logoutPayload(v3)).toEqual({ cancelAssociatedOrder: true, userSessionId: 'r0' });
    expect(logoutPayload(v1)).toEqual({});
  });
});
