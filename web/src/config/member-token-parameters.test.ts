import { describe, expect, it } from 'vitest';
import { MEMBER_TOKEN_PARAMETERS, memberTokenParameter } from './member-token-parameters';

describe('memberTokenParameter', () => {
  it.each([
    ['BOOST_POS', 'sessionToken'],
    ['BOOST_POS_WITHOUT_LOYALTY', 'sessionToken'],
    ['TAPOS', 'taposToken'],
    ['CGR', 'cgrSessionToken'],
    ['RTS', 'token'],
    ['NONE', 'token'],
  ])('carries the token of %s as %s', (provider, name) => {
    expect(memberTokenParameter(provider)).toBe(name);
  });

  it('lists every name once', () => {
    expect(MEMBER_TOKEN_PARAMETERS).toEqual(['sessionToken', 'taposToken', 'cgrSessionToken', 'token']);
  });
});
