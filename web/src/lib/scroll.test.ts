import { describe, expect, it } from 'vitest';
import { shouldScrollToTop } from './scroll';

describe('shouldScrollToTop', () => {
  it.each([
    [null, true],
    [undefined, true],
    [{}, true],
    [{ shouldUpdateScroll: true }, true],
    [{ shouldUpdateScroll: false }, false],
    ['shouldUpdateScroll', true],
  ])('for state %j: %s', (state, expected) => {
    expect(shouldScrollToTop(state)).toBe(expected);
  });
});
