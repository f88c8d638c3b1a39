import { useEffect, useState, type ReactNode } from 'react';
import { afterFirstPaint } from '@/lib/first-paint';
import { useRenderedOnServer } from '@/lib/hydration';

/**
 * Renders its children once the rest of the page is on screen (its effect runs after that
 * paint), and on a page's first load once its first screen is: what the first screen does
 * not show (sections below it, the footer, the member menu, the analytics and ad code)
 * adds nothing to the time before it paints, and its images and code are not fetched before.
 */
export function Deferred({ children }: { children: ReactNode }) {
  // A published page has it all in its HTML already: hydrated, it stays.
  const onServer = useRenderedOnServer();
  const [shown, setShown] = useState(onServer);
  useEffect(() => {
    if (shown) return;
    let current = true;
    void afterFirstPaint().then(() => {
      if (current) setShown(true);
    });
    return () => {
      current = false;
    };
  }, [shown]);
  return shown ? children : null;
}
