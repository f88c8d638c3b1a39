import { describe, expect, it } from 'vitest';
import { scrollAfterNavigation, shouldScrollToTop, type Navigation } from './scroll';

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

describe('scrollAfterNavigation', () => {
  it.each<[string, Navigation, number | undefined]>([
    ['back to a page left at 1200 returns there', { type: 'POP', state: null, newPath: true, savedY: 1200 }, 1200],
    ['back to a filter left at 300 returns there', { type: 'POP', state: null, newPath: false, savedY: 300 }, 300],
    ['back to a page not seen since the document loaded stays', { type: 'POP', state: null, newPath: false, savedY: undefined }, undefined],
    ['a new page opens at the top', { type: 'PUSH', state: null, newPath: true, savedY: undefined }, 0],
    ['a replaced page opens at the top', { type: 'REPLACE', state: null, newPath: true, savedY: undefined }, 0],
    ['a new page asked to keep the position keeps it', { type: 'PUSH', state: { shouldUpdateScroll: false }, newPath: true, savedY: undefined }, undefined],
    ['a new query alone (a filter) keeps the position', { type: 'PUSH', state: null, newPath: false, savedY: undefined }, undefined],
  ])('%s', (_name, navigation, expected) => {
    expect(scrollAfterNavigation(navigation)).toBe(expected);
  });
});
