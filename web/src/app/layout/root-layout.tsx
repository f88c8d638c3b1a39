import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Deferred } from '@/components/deferred';
import { ErrorBoundary } from '@/components/error-boundary';
import { Link } from '@/components/link';
import { OptionalPart } from '@/components/optional-part';
import { ErrorNotice } from '@/components/error-notice';
import { Spinner } from '@/components/spinner';
import { useTranslate } from '@/state/i18n';
import { lazyComponent } from '@/lib/lazy-component';
import { useAppData } from '@/api/get-app-data';
import { siteName } from '@/rules/site-name';
import { mainNavigation } from './main-navigation';
import { PageViews } from './page-views';
import { ScrollRestoration } from './scroll-restoration';
import { preloadMemberEntry, SiteHeader } from './site-header';
import styles from './root-layout.module.css';

// Below the fold on every page: its code loads after the page's own, keeping the
// first chunk small.
const siteFooter = lazyComponent(async () => (await import('./site-footer')).SiteFooter);
const SiteFooter = siteFooter.Component;
// Consent, analytics and ads stay out of the first chunk, but their code is part of
// the first screen's: on a first visit the consent banner is often the largest thing
// on screen.
const loadThirdPartyLayer = () => import('./third-party-layer');
const thirdPartyLayer = lazyComponent(async () => (await loadThirdPartyLayer()).ThirdPartyLayer);
const ThirdPartyLayer = thirdPartyLayer.Component;
const pageAds = lazyComponent(async () => (await loadThirdPartyLayer()).PageAds);
const PageAds = pageAds.Component;

/** Starts loading the frame's part of the first screen: the consent banner's code. */
export const preloadFrame = thirdPartyLayer.preload;

/**
 * Loads the code of the whole frame, the footer, member entry, analytics and ads too: the
 * server renders it whole, so hydrating a published page needs all of it. A part whose
 * code is still loading stays server markup (a dehydrated Suspense boundary), and React
 * holds every transition that reaches it until it has hydrated; a link followed meanwhile
 * changed the address but not the page, and at times never did (issue 46 item 8).
 */
export function preloadWholeFrame(): Promise<void> {
  return Promise.all([
    thirdPartyLayer.preload(),
    pageAds.preload(),
    loadThirdPartyLayer().then(
      (module) => module.preloadThirdPartyParts(),
      () => undefined,
    ),
    siteFooter.preload(),
    preloadMemberEntry(),
  ]).then(() => undefined);
}

/** The frame of every page: header, the page itself, footer. */
export function RootLayout() {
  const t = useTranslate();
  const { data: appData } = useAppData();
  const site = appData?.site;
  const name = siteName(site);
  const isSingleLocation = Boolean(site?.config?.isSingleLocation);
  const theaters = appData?.theaters ?? [];
  const navigation = mainNavigation(isSingleLocation, theaters);
  const { pathname } = useLocation();
  return (
    <div className={styles.frame}>
      <Link to="#main" className="skip-link">
        {t('a11y.skipToContent')}
      </Link>
      {/* Early in the document, though fixed over the page's foot: the consent banner is
          parsed and painted with the first screen (it is often its largest text), and is
          what keyboard and screen-reader users meet first. */}
      <OptionalPart>
        <ThirdPartyLayer />
      </OptionalPart>
      <OptionalPart>
        <PageAds placement="header" />
      </OptionalPart>
      <SiteHeader
        siteName={name}
        settings={site?.settings}
        theaters={theaters}
        isSingleLocation={isSingleLocation}
        navigation={navigation}
      />
      <main id="main" className={styles.main} tabIndex={-1}>
        <ErrorBoundary
          resetKey={pathname}
          fallback={(error) => (
            <ErrorNotice
              title={t('error.title')}
              detail={error.message}
              retryLabel={t('error.retry')}
              onRetry={() => window.location.reload()}
            />
          )}
        >
          <Suspense fallback={<Spinner label={t('status.loading')} />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </main>
      <Deferred>
        <OptionalPart>
          <PageAds placement="footer" />
          <SiteFooter
            siteName={name}
            settings={site?.settings}
            timeZone={site?.config?.timeZone}
            country={site?.config?.country?.iso31661A2}
            navigation={navigation}
          />
        </OptionalPart>
      </Deferred>
      <ScrollRestoration />
      <PageViews />
    </div>
  );
}
