import { useDeferredValue, type ReactNode } from 'react';

/**
 * Renders its children in the background once the rest of the page has rendered: what
 * the first screen does not show (sections below it, the footer, the member menu, the
 * analytics and ad code) adds nothing to the time before it paints.
 */
export function Deferred({ children }: { children: ReactNode }) {
  const shown = useDeferredValue(true, false);
  return shown ? children : null;
}
