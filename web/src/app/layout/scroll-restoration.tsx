import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType, type Location, type NavigationType } from 'react-router';
import { parseScrollPositions, scrollAfterNavigation, type ScrollPositions } from '@/lib/scroll';

/** Where the positions outlive a reload, as React Router's own ScrollRestoration keeps them. */
const STORAGE_KEY = 'scrollPositions';

function storedPositions(): ScrollPositions {
  try {
    return parseScrollPositions(sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return {};
  }
}

/**
 * React Router's key of an entry it did not make: every document loaded afresh in the tab
 * starts with it, so its position is no page's in particular and is not kept.
 */
const FRESH_DOCUMENT_KEY = 'default';

function storePositions(positions: ScrollPositions): void {
  const kept = Object.fromEntries(Object.entries(positions).filter(([key]) => key !== FRESH_DOCUMENT_KEY));
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(kept));
  } catch {
    // Storage refused (a private window, a full quota): positions last as long as the page.
  }
}

/**
 * Scroll restoration for the app's BrowserRouter (React Router's ScrollRestoration needs a
 * data router): the position of each history entry is noted as the visitor scrolls, back
 * and forward return to it once the page they lead to is rendered, new pages open at the
 * top and a change of query alone keeps the position (lib/scroll.ts). The browser's own
 * restoration is off while the app runs: it would scroll before the page is back.
 */
export function ScrollRestoration() {
  const location = useLocation() as Location<unknown>;
  const navigationType: `${NavigationType}` = useNavigationType();
  const positions = useRef<ScrollPositions>(undefined);
  const shown = useRef<{ key: string; pathname: string }>(undefined);

  useEffect(() => {
    const note = () => {
      if (shown.current && positions.current) positions.current[shown.current.key] = window.scrollY;
    };
    const manual = () => (window.history.scrollRestoration = 'manual');
    // Leaving the document: the positions are kept for a reload or a return, and the
    // browser restores the document it keeps in its back-forward cache itself.
    const leave = () => {
      note();
      if (positions.current) storePositions(positions.current);
      window.history.scrollRestoration = 'auto';
    };
    manual();
    window.addEventListener('scroll', note, { passive: true });
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', manual);
    return () => {
      window.removeEventListener('scroll', note);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', manual);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  // Before the browser paints the page, and before it reports a scroll the new page's
  // height caused, which belongs to the new entry, not to the page left.
  useLayoutEffect(() => {
    positions.current ??= storedPositions();
    const previous = shown.current;
    shown.current = { key: location.key, pathname: location.pathname };
    const y = scrollAfterNavigation({
      type: navigationType,
      state: location.state,
      newPath: previous !== undefined && previous.pathname !== location.pathname,
      savedY: positions.current[location.key],
    });
    if (y !== undefined) window.scrollTo(0, y);
    // Only a new entry is a navigation; `state` and the type are read as they were for it.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the entry's key changes with every navigation, and only then
  }, [location.key]);
  return null;
}
