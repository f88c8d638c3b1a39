import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';
import { shouldScrollToTop } from '@/lib/scroll';

/**
 * New pages open at the top; back and forward keep the browser's own restoration.
 * A change of query alone (a filter) keeps the position.
 */
export function ScrollToTop() {
  const { pathname, state } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP' && shouldScrollToTop(state)) window.scrollTo(0, 0);
    // Only a new path scrolls; `state` is read as it was for that navigation.
  }, [pathname, navigationType]);
  return null;
}
