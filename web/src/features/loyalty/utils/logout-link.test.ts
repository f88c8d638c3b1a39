import { describe, expect, it } from 'vitest';
import { isLogoutLink } from './logout-link';

describe('isLogoutLink', () => {
  it.each([
    ['#loyalty-logout', true],
    ['/account/#loyalty-logout', true],
    ['#loyalty', false],
    [null, false],
  ])('%s -> %s', (href, expected) => {
    expect(isLogoutLink(href)).toBe(expected);
  });
});
