import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './error-boundary';

/**
 * A part the page can do without (footer, ads, consent and analytics), whose code loads
 * lazily. When that code cannot load (offline before it was cached, or a deploy replaced
 * it) the part shows nothing instead of taking the whole page down; the next page tries
 * again.
 */
export function OptionalPart({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname} fallback={() => null}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
