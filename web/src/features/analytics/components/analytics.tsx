import { useEffect, useMemo } from 'react';
import { loadScript } from '@/lib/load-script';
import { trackedPath, trackedUrl } from '@/rules/tracked-events';
import { followTrackedEvents } from '@/state/page-store';
import type { Site } from '@/types/api';
import {
  ANALYTICS_SETTINGS,
  analyticsEvent,
  analyticsPlan,
  gtagUrl,
  pageViewEvent,
  PLUGIN_WAIT_MS,
  QUEUE_DRAIN_MS,
  tagManagerUrl,
  type AnalyticsEvent,
} from '../utils/analytics-plan';
import { EventQueue } from '../utils/event-queue';
import { launchScriptToLoad } from '../utils/launch-script';

type AnalyticsWindow = Window & {
  dataLayer?: unknown[];
  gtag?: (...args: unknown[]) => void;
  analytics?: { track: (event: string, properties?: Record<string, string>) => void };
};

/** gtag.js's documented opt-out: `window['ga-disable-{id}'] = true`. */
function setMeasurementDisabled(measurementIds: string[], disabled: boolean): void {
  for (const id of measurementIds) Object.assign(window, { [`ga-disable-${id}`]: disabled });
}

type AnalyticsProps = {
  site: Site | undefined;
  /** The enterprise-analytics launch script, if the gateway names one. */
  launchScriptUrl: string | null | undefined;
  trackersEnabled: boolean;
};

/**
 * GA4, the tag-manager containers and the enterprise-analytics launch script, loaded
 * only once trackers are enabled; then a page view on every route change and an event
 * for every outbound link click, through the global `analytics.track` whose queue is
 * drained every 3 s.
 */
export function Analytics({ site, launchScriptUrl, trackersEnabled }: AnalyticsProps) {
  const settings = site?.settings;
  const config = site?.config;
  const plan = useMemo(
    () =>
      analyticsPlan({
        pageMeasurementId: config?.trackers?.googleAnalyticsV4,
        adsDisplay: settings?.adsDisplay,
        enableTargettTracking: settings?.enableTargettTracking,
        trackers: settings?.trackers,
        analyticsEnabled: import.meta.env.VITE_ANALYTICS_DISABLED !== 'true',
      }),
    [config, settings],
  );
  const active = trackersEnabled && plan.measurementIds.length > 0;
  const launchScript = launchScriptToLoad({
    url: launchScriptUrl,
    trackersEnabled,
    analyticsEnabled: import.meta.env.VITE_ANALYTICS_DISABLED !== 'true',
  });

  useEffect(() => {
    if (!launchScript) return;
    loadScript(launchScript).catch((error: unknown) => console.warn('analytics launch script failed to load', error));
  }, [launchScript]);

  useEffect(() => {
    if (!active) return;
    const page = window as AnalyticsWindow;
    const dataLayer = (page.dataLayer = page.dataLayer ?? []);
    setMeasurementDisabled(plan.measurementIds, false);
    page.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params -- gtag.js reads Arguments objects from the data layer, not arrays
      dataLayer.push(arguments);
    };
    page.gtag('js', new Date());
    // The address as reported (rules/tracked-events.ts), or the tag would read it whole from the page.
    const pageLocation = () => trackedUrl(window.location.href);
    for (const id of plan.measurementIds) page.gtag('config', id, { ...ANALYTICS_SETTINGS, page_location: pageLocation() });
    let pluginReady = false;
    const [firstId] = plan.measurementIds;
    if (firstId) {
      loadScript(gtagUrl(firstId))
        .then(() => {
          pluginReady = true;
        })
        .catch((error: unknown) => console.warn('analytics failed to load', error));
    }
    for (const id of plan.containerIds) {
      dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      loadScript(tagManagerUrl(id)).catch((error: unknown) => console.warn('tag manager failed to load', error));
    }
    const queue = new EventQueue(Date.now(), PLUGIN_WAIT_MS);
    const send = (event: AnalyticsEvent) => page.gtag?.('event', event.name, event.properties);
    page.analytics = { track: (name, properties = {}) => queue.push({ name, properties }) };
    const timer = window.setInterval(() => {
      if (queue.drain(Date.now(), pluginReady, send) === 'gave-up') window.clearInterval(timer);
    }, QUEUE_DRAIN_MS);
    const currentPage = () => ({ title: document.title, location: pageLocation() });
    // The page on screen when trackers were enabled is viewed once; later route changes
    // and outbound clicks arrive from the page store (state/page-store.ts track()).
    let lastPagePath = trackedPath(window.location.pathname, window.location.search);
    const firstView = window.setTimeout(() => {
      queue.push(pageViewEvent(lastPagePath, document.title, pageLocation()));
    }, 0);
    const stopListening = followTrackedEvents((tracked) => {
      if (tracked.event === 'page_view') {
        if (tracked.page_path === lastPagePath) return;
        lastPagePath = tracked.page_path;
      }
      queue.push(analyticsEvent(tracked, currentPage()));
    });
    return () => {
      // A withdrawn consent stops the already loaded tag from sending anything more.
      setMeasurementDisabled(plan.measurementIds, true);
      window.clearInterval(timer);
      window.clearTimeout(firstView);
      stopListening();
    };
  }, [active, plan]);

  return null;
}
