import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { afterFirstPaint, isAfterFirstPaint } from '@/lib/first-paint';

/**
 * Renders its children in the background once the rest of the page has rendered, and on
 * a page's first load once its first screen is on screen: what the first screen does not
 * show (sections below it, the footer, the member menu, the analytics and ad code) adds
 * nothing to the time before it paints, and its images and code are not fetched before.
 */
export function Deferred({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(isAfterFirstPaint);
  const rendered = useDeferredValue(true, false);
  useEffect(() => {
    if (painted) return;
    let current = true;
    void afterFirstPaint().then(() => {
      // A transition, so React renders it in slices between which the page stays responsive.
      if (current) startTransition(() => setPainted(true));
    });
    return () => {
      current = false;
    };
  }, [painted]);
  return painted && rendered ? children : null;
}
