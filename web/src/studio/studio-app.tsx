import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { Spinner } from '@/components/spinner';
import { lazyComponent } from '@/lib/lazy-component';
import { IntlProvider, useTranslate } from '@/state/i18n';
import { StudioFrame } from './components/studio-frame';
import { useMe } from './hooks/use-me';
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

const passkeysScreen = lazyComponent(async () => (await import('./screens/passkeys-screen')).PasskeysScreen);
const publishingOverviewScreen = lazyComponent(async () => (await import('./screens/publishing-overview-screen')).PublishingOverviewScreen);
const siteScreen = lazyComponent(async () => (await import('./screens/site-screen')).SiteScreen);
const siteStaffScreen = lazyComponent(async () => (await import('./screens/site-staff-screen')).SiteStaffScreen);
const siteIngestKeysScreen = lazyComponent(async () => (await import('./screens/site-ingest-keys-screen')).SiteIngestKeysScreen);
const siteAuditScreen = lazyComponent(async () => (await import('./screens/site-audit-screen')).SiteAuditScreen);
const siteMembersScreen = lazyComponent(async () => (await import('./screens/site-members-screen')).SiteMembersScreen);
const sitePublishingScreen = lazyComponent(async () => (await import('./screens/site-publishing-screen')).SitePublishingScreen);
const siteHistoryScreen = lazyComponent(async () => (await import('./screens/site-history-screen')).SiteHistoryScreen);
const siteLookScreen = lazyComponent(async () => (await import('./screens/site-look-screen')).SiteLookScreen);
const sitePagesScreen = lazyComponent(async () => (await import('./screens/site-pages-screen')).SitePagesScreen);
const sitePageScreen = lazyComponent(async () => (await import('./screens/site-page-screen')).SitePageScreen);
const siteNewPageScreen = lazyComponent(async () => (await import('./screens/site-page-screen')).SiteNewPageScreen);
const siteEventsScreen = lazyComponent(async () => (await import('./screens/site-events-screen')).SiteEventsScreen);
const siteEventScreen = lazyComponent(async () => (await import('./screens/site-event-screen')).SiteEventScreen);
const siteNewEventScreen = lazyComponent(async () => (await import('./screens/site-event-screen')).SiteNewEventScreen);
const siteMediaScreen = lazyComponent(async () => (await import('./screens/site-media-screen')).SiteMediaScreen);
const siteTheatersScreen = lazyComponent(async () => (await import('./screens/site-theaters-screen')).SiteTheatersScreen);
const siteTheaterScreen = lazyComponent(async () => (await import('./screens/site-theater-screen')).SiteTheaterScreen);
const siteMoviesScreen = lazyComponent(async () => (await import('./screens/site-movies-screen')).SiteMoviesScreen);

/**
 * A screen whose code is on its way: the frame as it will be (with the staff member's name
 * where /me has answered already, and on a site's screen the way to another site), and a
 * spinner where the screen comes. The title, and
 * the focus on the screen's heading, are the screen's own, once it is there (PageTitle).
 */
function ScreenLoading() {
  const t = useTranslate();
  const me = useMe();
  const { siteId } = useParams();
  return (
    <StudioFrame staff={me.data?.staff} siteId={siteId}>
      <Spinner label={t('studio.loading')} />
    </StudioFrame>
  );
}

/**
 * The studio's routes. Its first screens (the start page with the sign-in and the site
 * switcher, an invitation) are small and load with the entry; every other screen (the
 * passkeys, the operators' publishing of the deployment, a site's page, its look and
 * settings with the site live beside them, its content pages and one page's editor (whose block editor, Lexical, is a chunk of its own
 * again), its events and one event's form, its theaters and one theater's details, its
 * movies (with the drag and drop code, which no other screen loads), its media library, its
 * staff, its members, its ingest keys, its audit log, its draft with its publishing and its
 * history) is a chunk of its own, loaded as its route is opened
 * (lib/lazy-component.tsx), so the first screen stays within its budget
 * (scripts/check-bundle-size.mjs).
 */
export function StudioRoutes() {
  return (
    <Routes>
      <Route path={studioPaths.home.pattern} element={<HomeScreen />} />
      <Route path={studioPaths.invitation.pattern} element={<InvitationScreen />} />
      <Route
        path={studioPaths.passkeys.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <passkeysScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.publishingOverview.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <publishingOverviewScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.site.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteStaff.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteStaffScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteMembers.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteMembersScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteIngestKeys.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteIngestKeysScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteAudit.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteAuditScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteLook.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteLookScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.sitePages.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <sitePagesScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.sitePage.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <sitePageScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteNewPage.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteNewPageScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteEvents.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteEventsScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteEvent.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteEventScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteNewEvent.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteNewEventScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteTheaters.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteTheatersScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteTheater.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteTheaterScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteMovies.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteMoviesScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteMedia.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteMediaScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.sitePublishing.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <sitePublishingScreen.Component />
          </Suspense>
        }
      />
      <Route
        path={studioPaths.siteHistory.pattern}
        element={
          <Suspense fallback={<ScreenLoading />}>
            <siteHistoryScreen.Component />
          </Suspense>
        }
      />
      <Route path="*" element={<NotFoundScreen />} />
    </Routes>
  );
}
