import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { pageView, track } from '@/lib/track';

/**
 * A page view on every route change (SPEC.md section 2); analytics reads them when it is
 * set up. The path goes with its utm_* parameters alone (lib/track.ts).
 */
export function PageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    track(pageView(pathname, search));
  }, [pathname, search]);
  return null;
}
