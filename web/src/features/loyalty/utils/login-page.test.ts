import { describe, expect, it } from 'vitest';
import { loginPagePath } from './login-page';

describe('loginPagePath', () => {
  it('is the content page of the slug, the query kept', () => {
    expect(loginPagePath('sign-in', '?return=%2Fx')).toBe('/sign-in/?return=%2Fx');
    expect(loginPagePath('')).toBe('/');
  });
});
