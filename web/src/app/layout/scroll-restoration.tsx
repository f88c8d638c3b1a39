import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location, type NavigationType } from 'react-router';
import { scrollAfterNavigation } from '@/rules/scroll';

/**
 * Scroll restoration for the app's BrowserRouter (React Router's ScrollRestoration needs a
 * data router): the position of each history entry is noted as the visitor scrolls, back
 * and forward return to it once the page they lead to is rendered, new pages open at the
 * top and a change of query alone keeps the position (rules/scroll.ts). The browser's own
 * restoration is off while the app runs, as it would scroll before the page is back; it
 * is on again as the document is left, for a reload and a return from another site.
 */
export function ScrollRestoration() {
  const location = useLocation() as Location<unknown>;
  const navigationType: `${NavigationType}` = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const shown = useRef<{ key: string; pathname: string }>(undefined);

  useEffect(() => {
    const note = () => {
      if (shown.current) positions.current.set(shown.current.key, window.scrollY);
    };
    const manual = () => (window.history.scrollRestoration = 'manual');
    const auto = () => (window.history.scrollRestoration = 'auto');
    manual();
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', auto);
    // Back from the back-forward cache, the app runs again.
    window.addEventListener('pageshow', manual);
    return () => {
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', auto);
      window.removeEventListener('pageshow', manual);
      auto();
    };
  }, []);

  // Before the browser paints the page, and before it reports a scroll the new page's
  // height caused, which belongs to the new entry, not to the page left.
  useLayoutEffect(() => {
    const previous = shown.current;
    shown.current = { key: location.key, pathname: location.pathname };
    const y = scrollAfterNavigation({
      type: navigationType,
      state: location.state,
      newPath: previous !== undefined && previous.pathname !== location.pathname,
      savedY: positions.current.get(location.key),
    });
    if (y !== undefined) window.scrollTo(0, y);
    // Only a new entry is a navigation; `state` and the type are read as they were for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the entry's key changes with every navigation, and only then
  }, [location.key]);
  return null;
}
