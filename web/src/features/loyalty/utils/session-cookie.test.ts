import { describe, expect, it } from 'vitest';
import { parseSession, serializeSession } from './session-cookie';

describe('session cookie', () => {
  it('reads back what it wrote', () => {
    const session = { token: 't', refreshToken: 'r', cypherVersion: 1 as const, memberId: 'm', encryptedSessionId: 'e' };
    expect(parseSession(serializeSession(session))).toEqual(session);
  });

  it.each([
    [undefined],
    [''],
    ['not json'],
    ['null'],
    ['{"token":"t","refreshToken":"r","cypherVersion":2}'],
    ['{"token":"","refreshToken":"r","cypherVersion":3}'],
    ['{"refreshToken":"r","cypherVersion":3}'],
  ])('has no session in %j', (text) => {
    expect(parseSession(text)).toBeUndefined();
  });

  it('reads a session known by its token alone (a login by token without a refresh token)', () => {
    expect(parseSession('{"token":"t","cypherVersion":3}')).toEqual({ token: 't', cypherVersion: 3 });
    expect(parseSession('{"token":"t","refreshToken":"","cypherVersion":3}')).toEqual({ token: 't', cypherVersion: 3 });
  });

  it('drops unknown and empty fields', () => {
    expect(parseSession('{"token":"t","refreshToken":"r","cypherVersion":3,"memberId":"","x":1}')).toEqual({
      token: 't',
      refreshToken: 'r',
      cypherVersion: 3,
    });
  });
});
