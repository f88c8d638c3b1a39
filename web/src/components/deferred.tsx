import { startTransition, useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { afterFirstPaint, isAfterFirstPaint } from '@/lib/first-paint';
import { useRenderedOnServer } from '@/lib/hydration';

/**
 * Renders its children in the background once the rest of the page has rendered, and on
 * a page's first load once its first screen is on screen: what the first screen does not
 * show (sections below it, the footer, the member menu, the analytics and ad code) adds
 * nothing to the time before it paints, and its images and code are not fetched before.
 */
export function Deferred({ children }: { children: ReactNode }) {
  // A published page has it all in its HTML already: hydrated, it stays.
  const onServer = useRenderedOnServer();
  const [painted, setPainted] = useState(() => onServer || isAfterFirstPaint());
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
  return onServer || (painted && rendered) ? children : null;
}
