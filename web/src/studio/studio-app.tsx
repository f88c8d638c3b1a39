import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { IntlProvider } from '@/state/i18n';
import type { StudioLocale } from './locale';
import { studioPaths } from './paths';
import { HomeScreen } from './screens/home-screen';
import { InvitationScreen } from './screens/invitation-screen';
import { NotFoundScreen } from './screens/not-found-screen';

/**
 * What every studio screen reads: its own query client (the site's state is never shared)
 * and its text. The router is the caller's: the browser's in main.tsx, a memory one in tests.
 */
export function StudioProviders({
  queryClient,
  locale,
  children,
}: {
  queryClient: QueryClient;
  locale: StudioLocale;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <IntlProvider locale={locale.locale} messages={locale.messages}>
        {children}
      </IntlProvider>
    </QueryClientProvider>
  );
}

/**
 * The studio's routes. Its first screens are small and load with the entry; the screens to
 * come (sites, drafts, the editor with its preview) are to be chunks of their own, loaded as
 * their routes are opened (lib/lazy-component.tsx), so the first screen stays within its
 * budget (scripts/check-bundle-size.mjs).
 */
export function StudioRoutes() {
  return (
    <Routes>
      <Route path={studioPaths.home.pattern} element={<HomeScreen />} />
      <Route path={studioPaths.invitation.pattern} element={<InvitationScreen />} />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
