import { outboundClick } from '@/rules/tracked-events';
import { describe, expect, it } from 'vitest';
import {
  ADS_CONTAINER_ID,
  analyticsPlan,
  ANALYTICS_SETTINGS,
  FIXED_MEASUREMENT_ID,
  analyticsEvent,
  TARGETT_CONTAINER_ID,
  type AnalyticsInputs,
} from './analytics-plan';

const none: AnalyticsInputs = {
  pageMeasurementId: undefined,
  adsDisplay: undefined,
  enableTargettTracking: false,
  trackers: [],
  analyticsEnabled: true,
};

describe('analyticsPlan', () => {
  it.each<[string, Partial<AnalyticsInputs>, string[], string[]]>([
    ['the fixed id alone', {}, [FIXED_MEASUREMENT_ID], []],
    ['plus the page trackers id', { pageMeasurementId: 'G-MARQUEE01' }, [FIXED_MEASUREMENT_ID, 'G-MARQUEE01'], []],
    ['a malformed page id is ignored', { pageMeasurementId: 'UA-1"><' }, [FIXED_MEASUREMENT_ID], []],
    ['the ads container when adsDisplay is on', { adsDisplay: 'PROGRAMMATIC' }, [FIXED_MEASUREMENT_ID], [ADS_CONTAINER_ID]],
    ['the Targett container', { enableTargettTracking: true }, [FIXED_MEASUREMENT_ID], [TARGETT_CONTAINER_ID]],
    [
      'the settings container',
      { trackers: [{ type: 'google_tag_manager', token: 'GTM-ABC123' }, { type: 'google_analytics_v4', token: 'G-X' }] },
      [FIXED_MEASUREMENT_ID],
      ['GTM-ABC123'],
    ],
    ['nothing when analytics is off', { analyticsEnabled: false, adsDisplay: 'CUSTOM' }, [], []],
  ])('%s', (_, inputs, measurementIds, containerIds) => {
    expect(analyticsPlan({ ...none, ...inputs })).toEqual({ measurementIds, containerIds });
  });
});

describe('analytics settings and events', () => {
  it('anonymises IPs and keeps cookies 34,164,000 s without refresh', () => {
    expect(ANALYTICS_SETTINGS).toMatchObject({ anonymize_ip: true, cookie_expires: 34164000, cookie_update: false });
  });

  it('sends outbound clicks as event click, category Navigation, label out: {url}', () => {
    const page = { title: 'Movies', location: 'https://site.example/movies/' };
    expect(analyticsEvent(outboundClick('https://tickets.example/x'), page)).toEqual({
      name: 'click',
      properties: { event_category: 'Navigation', event_label: 'out: https://tickets.example/x', page_location: 'https://site.example/movies/' },
    });
  });

  it('sends page views with the page title and address', () => {
    const page = { title: 'Movies', location: 'https://site.example/movies/' };
    expect(analyticsEvent({ event: 'page_view', page_path: '/movies/' }, page)).toEqual({
      name: 'page_view',
      properties: { page_path: '/movies/', page_title: 'Movies', page_location: 'https://site.example/movies/' },
    });
  });
});
