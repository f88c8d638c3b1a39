/**
 * Whether a navigation should scroll to the top: yes, unless its state says
 * `shouldUpdateScroll: false` (SPEC.md section 2 "Navigation behaviour").
 */
export function shouldScrollToTop(state: unknown): boolean {
  return !(
    typeof state === 'object' &&
    state !== null &&
    'shouldUpdateScroll' in state &&
    state.shouldUpdateScroll === false
  );
}
