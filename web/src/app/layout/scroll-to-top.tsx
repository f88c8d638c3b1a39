import { useEffect } from 'react';
import { useLocation, useNavigationType, type Location, type NavigationType } from 'react-router';
import { shouldScrollToTop } from '@/lib/scroll';

/**
 * New pages open at the top; back and forward keep the browser's own restoration.
 * A change of query alone (a filter) keeps the position.
 */
export function ScrollToTop() {
  const { pathname, state } = useLocation() as Location<unknown>;
  const navigationType: `${NavigationType}` = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP' && shouldScrollToTop(state)) window.scrollTo(0, 0);
    // Only a new path scrolls; `state` is read as it was for that navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new state alone (a filter) must not scroll; useEffectEvent would cost first-load bytes this entry-chunk file has not got
  }, [pathname, navigationType]);
  return null;
}
