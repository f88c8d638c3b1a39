import { describe, expect, it } from 'vitest';
import cases from '../../../fixtures/path-normalisation.json';
import { normalisePath, type TrailingSlash } from './path-normalisation';

function trailingSlashRule(name: string): TrailingSlash {
  if (name !== 'always' && name !== 'never') throw new Error(`no trailing-slash rule '${name}'`);
  return name;
}

describe('normalisePath, on the cases the gateway is tested on too (fixtures/path-normalisation.json)', () => {
  it.each(cases)('$path with $trailingSlash -> $expected', ({ path, trailingSlash, expected }) => {
    expect(normalisePath(path, trailingSlashRule(trailingSlash))).toBe(expected);
  });

  it('makes an empty path the root', () => {
    expect(normalisePath('', 'always')).toBe('/');
  });
});
