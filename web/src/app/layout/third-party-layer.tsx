import { Suspense } from 'react';
import { useLocation } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Deferred } from '@/components/deferred';
import { HeaderAdBand } from './header-ad-band';
import { adPageMovies } from '@/features/ads/utils/ad-page';
// In this layer's chunk: the banner is part of a first visit's first screen.
import { ConsentManager } from '@/features/consent/components/consent-manager';
import { moviesQueryOptions } from '@/features/movies/api/get-movies';
import { pageDataQueryOptions } from '@/features/site/api/get-page-data';
import { launchScriptConfigured } from '@/features/analytics/utils/launch-script';
import { setConsent, useTrackingConsent } from '@/state/page-store';
import { useAppData } from '@/api/get-app-data';
import { useCurrentTheater } from '@/state/use-current-theater';
import { isPreviewPath, withoutPreviewPrefix } from '@/rules/link-rules';
import { lazyComponent } from '@/lib/lazy-component';

// Consent, analytics and ads composed: the consent manager decides, analytics and ads
// follow. Nothing third-party loads before the decision allows it. Their code loads as
// its own chunk, keeping the first one small. A preview (under /cms-preview) loads none
// of them, the consent manager neither (a consent platform's script would run on the
// page): it is no visit to count and no ad impression to bill, and a studio preview's
// address holds its token, which no third party is to read from the page's location.

const analytics = lazyComponent(async () => (await import('@/features/analytics/components/analytics')).Analytics);
const cinemaMarketingTracker = lazyComponent(
  async () => (await import('@/features/analytics/components/cinema-marketing-tracker')).CinemaMarketingTracker,
);
const adLoader = lazyComponent(async () => (await import('@/features/ads/components/ad-loader')).AdLoader);
const adSlots = lazyComponent(async () => (await import('@/features/ads/components/ad-slots')).AdSlots);
const Analytics = analytics.Component;
const CinemaMarketingTracker = cinemaMarketingTracker.Component;
const AdLoader = adLoader.Component;
const AdSlots = adSlots.Component;

/** Loads the code of analytics, the ad library and the ad slots, which a published page's markup holds. */
export function preloadThirdPartyParts(): Promise<void> {
  return Promise.all([analytics.preload(), cinemaMarketingTracker.preload(), adLoader.preload(), adSlots.preload()]).then(
    () => undefined,
  );
}

/**
 * The site, the theater the page's ads are for, and the page's movies. The movies are read
 * from what the page has (its data, inline in a published page, and the theater's list when
 * the page shows it), never fetched for the ads: the queries here only read the cache.
 */
function useAdContext() {
  const { data: appData } = useAppData();
  const { pathname } = useLocation();
  const site = appData?.site;
  const theater = useCurrentTheater();
  const { data: page } = useQuery({ ...pageDataQueryOptions(withoutPreviewPrefix(pathname)), enabled: false });
  const { data: theaterMovies } = useQuery({ ...moviesQueryOptions({ theaterId: theater?.id }), enabled: false });
  const movies = adPageMovies(page?.data, theater?.id, theaterMovies);
  return { site, theater, movies };
}

/** The consent manager, analytics and the ad library, placed once in the page frame. */
export function ThirdPartyLayer() {
  const { site, theater, movies } = useAdContext();
  const consent = useTrackingConsent();
  const analytics = useAppData().data?.analytics;
  const launchScriptUrl = analytics?.launchScriptUrl;
  if (isPreviewPath(useLocation().pathname)) return null;
  return (
    <>
      <ConsentManager
        site={site}
        launchScriptConfigured={launchScriptConfigured(launchScriptUrl)}
        onConsent={setConsent}
      />
      <Deferred>
        <Suspense fallback={null}>
          <Analytics site={site} launchScriptUrl={launchScriptUrl} trackersEnabled={consent.trackersEnabled} />
          <CinemaMarketingTracker
            marketing={analytics?.cinemaMarketing}
            trackersEnabled={consent.trackersEnabled}
            purposeDenied={consent.purposeDenied}
          />
          <AdLoader site={site} theater={theater} movies={movies} consent={consent} />
        </Suspense>
      </Deferred>
    </>
  );
}

/**
 * The in-page ad slots of one placement, once consent allows ads (never in a preview); the
 * header's in the band that holds their space from the first paint.
 */
export function PageAds({ placement }: { placement: 'header' | 'footer' }) {
  const consent = useTrackingConsent();
  const { site, theater, movies } = useAdContext();
  const previewing = isPreviewPath(useLocation().pathname);
  const slots = previewing ? null : (
    <Suspense fallback={null}>
      <AdSlots placement={placement} site={site} theater={theater} movies={movies} consent={consent} />
    </Suspense>
  );
  return placement === 'header' ? <HeaderAdBand site={site}>{slots}</HeaderAdBand> : slots;
}
