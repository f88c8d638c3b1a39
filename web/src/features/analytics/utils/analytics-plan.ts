// What analytics loads and how (docs/consent-and-ads.md#analytics): the
// measurement ids, the tag-manager containers, the analytics settings, and the events
// the page sends.

import type { TrackedEvent } from '@/rules/tracked-events';

/** The measurement id every site reports to. */
export const FIXED_MEASUREMENT_ID = 'G-WMPCINEMA1';
/** The tag-manager container loaded on every site that shows ads. */
export const ADS_CONTAINER_ID = 'GTM-WMPADS1';
/** The tag-manager container of the Targett tracking integration. */
export const TARGETT_CONTAINER_ID = 'GTM-TARGETT';

/** GA4 settings: IP anonymisation, 34,164,000 s cookies, no cookie refresh. */
export const ANALYTICS_SETTINGS = {
  anonymize_ip: true,
  cookie_expires: 34_164_000,
  cookie_update: false,
  send_page_view: false,
} as const;

/** How often queued events are handed to the analytics plugins. */
export const QUEUE_DRAIN_MS = 3_000;
/** How long to wait for an analytics plugin to load before giving up on it. */
export const PLUGIN_WAIT_MS = 10_000;

export type Tracker = { type?: string; token?: string };

export type AnalyticsInputs = {
  /** page trackers' google_analytics_v4 (site config). */
  pageMeasurementId: string | undefined;
  adsDisplay: string | undefined;
  enableTargettTracking: boolean | undefined;
  trackers: Tracker[] | undefined;
  /** Analytics may be turned off for a build (VITE_ANALYTICS_DISABLED). */
  analyticsEnabled: boolean;
};

export type AnalyticsPlan = { measurementIds: string[]; containerIds: string[] };

const MEASUREMENT_ID = /^G-[A-Z0-9]+$/i;
const CONTAINER_ID = /^GTM-[A-Z0-9]+$/i;

export function analyticsPlan(inputs: AnalyticsInputs): AnalyticsPlan {
  if (!inputs.analyticsEnabled) return { measurementIds: [], containerIds: [] };
  const page = (inputs.pageMeasurementId ?? '').trim();
  const measurementIds = [FIXED_MEASUREMENT_ID];
  if (MEASUREMENT_ID.test(page) && page !== FIXED_MEASUREMENT_ID) measurementIds.push(page);
  const containerIds: string[] = [];
  if ((inputs.adsDisplay ?? '').trim()) containerIds.push(ADS_CONTAINER_ID);
  if (inputs.enableTargettTracking) containerIds.push(TARGETT_CONTAINER_ID);
  for (const tracker of inputs.trackers ?? []) {
    const token = (tracker.token ?? '').trim();
    if (tracker.type === 'google_tag_manager' && CONTAINER_ID.test(token) && !containerIds.includes(token)) {
      containerIds.push(token);
    }
  }
  return { measurementIds, containerIds };
}

export function gtagUrl(measurementId: string): string {
  return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
}

export function tagManagerUrl(containerId: string): string {
  return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(containerId)}`;
}

export type AnalyticsEvent = { name: string; properties: Record<string, string> };

export function pageViewEvent(path: string, title: string, location: string): AnalyticsEvent {
  return { name: 'page_view', properties: { page_path: path, page_title: title, page_location: location } };
}

/**
 * What analytics sends for an event the site tracked (state/page-store.ts track()): an outbound click as
 * event 'click' with its category and label (docs/pages-and-links.md#link-rules), a page
 * view with the page's title; both with the page's address as reported, which the tag would
 * otherwise read whole from the page.
 */
export function analyticsEvent(tracked: TrackedEvent, page: { title: string; location: string }): AnalyticsEvent {
  return tracked.event === 'click'
    ? {
        name: 'click',
        properties: { event_category: tracked.category, event_label: tracked.label, page_location: page.location },
      }
    : pageViewEvent(tracked.page_path, page.title, page.location);
}
