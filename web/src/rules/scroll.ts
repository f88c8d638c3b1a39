// docs/pages-and-links.md#navigation: where the page is scrolled after a navigation.

/**
 * Whether a navigation should scroll to the top: yes, unless its state says
 * `shouldUpdateScroll: false` (docs/pages-and-links.md#navigation).
 */
export function shouldScrollToTop(state: unknown): boolean {
  return !(
    typeof state === 'object' &&
    state !== null &&
    'shouldUpdateScroll' in state &&
    state.shouldUpdateScroll === false
  );
}

export type Navigation = {
  type: 'POP' | 'PUSH' | 'REPLACE';
  /** The navigation's state (`shouldUpdateScroll`). */
  state: unknown;
  /** Whether the path changed; a change of query alone (a filter) is not a new page. */
  newPath: boolean;
  /** Where the visitor left the page now shown, if it was shown before. */
  savedY: number | undefined;
};

/**
 * The vertical position to scroll to after `navigation`, or undefined to leave the page
 * where it is: back and forward return to where the visitor left that page, a new page
 * opens at the top.
 */
export function scrollAfterNavigation({ type, state, newPath, savedY }: Navigation): number | undefined {
  if (type === 'POP') return savedY;
  return newPath && shouldScrollToTop(state) ? 0 : undefined;
}
