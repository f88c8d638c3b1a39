import { describe, expect, it } from 'vitest';
import { captchaSiteKey } from './captcha-key';

const top = { hasOpener: false, inFrame: false };

describe('captchaSiteKey', () => {
  it('is the configured key, replaced at runtime on a top-level page', () => {
    expect(captchaSiteKey('site', undefined, top)).toBe('site');
    expect(captchaSiteKey('site', 'runtime', top)).toBe('runtime');
    expect(captchaSiteKey(undefined, undefined, top)).toBeUndefined();
  });

  it('is not replaced in a page opened by another window or in a frame', () => {
    expect(captchaSiteKey('site', 'runtime', { hasOpener: true, inFrame: false })).toBe('site');
    expect(captchaSiteKey('site', 'runtime', { hasOpener: false, inFrame: true })).toBe('site');
  });
});
