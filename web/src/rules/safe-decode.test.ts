import { describe, expect, it } from 'vitest';
import { safeDecode } from './safe-decode';

describe('safeDecode', () => {
  it.each([
    ['caf%C3%A9', 'café'],
    ['103-harbor-imax', '103-harbor-imax'],
    ['a%2Fb', 'a/b'],
    ['', ''],
    // Malformed escapes: a truncated UTF-8 sequence, a '%' that starts no escape, a lone surrogate.
    ['%E0%A4%A', undefined],
    ['50%', undefined],
    ['%zz', undefined],
    ['%ED%A0%80', undefined],
  ])('%j -> %j', (encoded, decoded) => {
    expect(safeDecode(encoded)).toBe(decoded);
  });

  it.each([
    ['/caf%C3%A9/a%2Fb/', '/café/a%2Fb/'],
    ['/theaters/%E0%A4%A/', undefined],
    ['/100%/', undefined],
  ])('with decodeURI, %j -> %j', (encoded, decoded) => {
    expect(safeDecode(encoded, decodeURI)).toBe(decoded);
  });
});
