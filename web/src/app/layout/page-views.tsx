import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageView } from '@/rules/tracked-events';
import { track } from '@/state/page-store';

/**
 * A page view on every route change (docs/pages-and-links.md#navigation); analytics reads
 * them when it is set up. The path goes with its utm_* parameters alone
 * (rules/tracked-events.ts).
 */
export function PageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    track(pageView(pathname, search));
  }, [pathname, search]);
  return null;
}
