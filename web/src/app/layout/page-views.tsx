import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { track } from '@/lib/track';

/** A page view on every route change (SPEC.md section 2); analytics reads them when it is set up. */
export function PageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    track({ event: 'page_view', page_path: `${pathname}${search}` });
  }, [pathname, search]);
  return null;
}
