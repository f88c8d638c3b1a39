import { describe, expect, it } from 'vitest';
import { clubToEditWith, usernameEditPayload } from './member-search';

describe('clubToEditWith', () => {
  it.each([
    ['a box-office member without a username', { peachCode: 0, hasUserName: false, clubId: 'MQ-CLUB' }, 'MQ-CLUB'],
    ['a member with a username: stop', { peachCode: 0, hasUserName: true, clubId: 'MQ-CLUB' }, undefined],
    ['no clubId: stop', { peachCode: 0, hasUserName: false }, undefined],
    ['an empty clubId: stop', { peachCode: 0, hasUserName: false, clubId: '' }, undefined],
    ['nobody found: stop', { peachCode: 30 }, undefined],
  ])('%s', (_, reply, expected) => {
    expect(clubToEditWith(reply)).toBe(expected);
  });
});

describe('usernameEditPayload', () => {
  it('names the e-mail address as username and the club found', () => {
    expect(usernameEditPayload('bo@example.com', 'MQ-CLUB')).toEqual({
      username: 'bo@example.com',
      email: 'bo@example.com',
      clubId: 'MQ-CLUB',
    });
  });
});
