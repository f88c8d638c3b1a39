import { describe, expect, it } from 'vitest';
import { siteName } from './site-name';

describe('siteName', () => {
  it('is the name the catalogue gives, which has applied the rule already', () => {
    expect(siteName({ config: { name: 'Marquee Cinemas' }, settings: { domain: 'marquee.test' } })).toBe('Marquee Cinemas');
  });

  it('is empty before the app data has come', () => {
    expect(siteName(undefined)).toBe('');
    expect(siteName({})).toBe('');
  });
});
