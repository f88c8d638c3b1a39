import { describe, expect, it } from 'vitest';
import type { AdSlotConfig } from '@/types/api';
import {
  adsMayLoad,
  shouldReconfigure,
  slotDefinitions,
  slotPlacement,
  slotsForPage,
  slotsToRefresh,
} from './ad-rules';
import { reservesHeaderAdBand } from './ads-display';

const slot = (id: string, container: string, sizes: AdSlotConfig['sizes'] = 'fluid'): AdSlotConfig => ({
  id,
  container,
  sizes,
  sizeMapping: [],
});
const interstitial = slot('interstitial', 'InterstitialContainer', [[1, 1]]);
const customInterstitial = slot('WMP_interstitial', 'interstitialCustomPromoContainer', [[1, 1]]);
const slots = [
  interstitial,
  slot('header', 'HeaderPromoContainer'),
  slot('WMP_lobby', 'lobbyCustomPromoContainer'),
  customInterstitial,
];

describe('reservesHeaderAdBand', () => {
  const top = { adsDisplay: 'PROGRAMMATIC', adsLocation: ['PAGES_TOP', 'PULSE'] };
  it.each([
    ['ads at the top, under CCPA (they run before any choice)', top, 'ccpa', 'first-party', true],
    ['ads at the top, in a regime that does not ask', top, 'none', 'first-party', true],
    ['ads at the top without a consent manager, even under GDPR', top, 'gdpr', 'disabled', true],
    ['under GDPR with a manager: the band comes with consent, a click away', top, 'gdpr', 'first-party', false],
    ['no ads at the top', { ...top, adsLocation: ['PULSE'] }, 'ccpa', 'first-party', false],
    ['no ads at all', { adsDisplay: '', adsLocation: ['PAGES_TOP'] }, 'ccpa', 'first-party', false],
    ['the direct ad-server mode, which waits for consent', { ...top, adsDisplay: 'CUSTOM_WITHOUT_WRAPPER' }, 'ccpa', 'first-party', false],
  ] as const)('%s', (_, settings, regulation, manager, reserved) => {
    expect(reservesHeaderAdBand({ ...settings, adsLocation: [...settings.adsLocation] }, regulation, manager)).toBe(reserved);
  });
});

describe('adsMayLoad', () => {
  const config = (requiresConsent: boolean, enabled = true) => ({ enabled, scriptUrl: 'https://ads/x.js', requiresConsent });
  it.each([
    ['nothing before trackers are enabled', config(false), false, false, false],
    ['wrapper modes once trackers are enabled', config(false), true, false, true],
    ['direct mode needs consent', config(true), true, false, false],
    ['direct mode with consent', config(true), true, true, true],
    ['no ads when disabled', config(false, false), true, true, false],
  ])('%s', (_, adsConfig, trackersEnabled, consentGiven, expected) => {
    expect(adsMayLoad(adsConfig, { trackersEnabled, consentGiven })).toBe(expected);
  });
});

describe('shouldReconfigure', () => {
  it.each([
    [undefined, '/a', false],
    ['/a', '/a', false],
    ['/a', '/b', true],
  ])('%s -> %s: %s', (previous, next, expected) => {
    expect(shouldReconfigure(previous, next)).toBe(expected);
  });
});

describe('slotsToRefresh', () => {
  it.each([
    ['PROGRAMMATIC', { a: '1' }, { a: '2' }, []],
    ['CUSTOM_WITHOUT_WRAPPER', undefined, { a: '2' }, []],
    ['CUSTOM_WITHOUT_WRAPPER', { a: '1' }, { a: '1' }, []],
    ['CUSTOM_WITHOUT_WRAPPER', { a: '1' }, { a: '2' }, ['HeaderPromoContainer', 'lobbyCustomPromoContainer']],
    ['CUSTOM_WITHOUT_WRAPPER', { a: '1' }, { a: '1', b: '' }, ['HeaderPromoContainer', 'lobbyCustomPromoContainer']],
  ])('%s %o -> %o', (mode, previous, next, expected) => {
    expect(slotsToRefresh(mode, previous, next, slots)).toEqual(expected);
  });
});

describe('slots of a page', () => {
  it.each([
    [true, ['InterstitialContainer', 'HeaderPromoContainer', 'lobbyCustomPromoContainer', 'interstitialCustomPromoContainer']],
    [false, ['HeaderPromoContainer', 'lobbyCustomPromoContainer']],
  ])('first page %s', (isFirstPage, containers) => {
    expect(slotsForPage(slots, isFirstPage).map((s) => s.container)).toEqual(containers);
  });

  it('defines the interstitial out of page at 1x1 and the rest fluid, mapping widest first', () => {
    const withMapping = {
      ...slot('WMP_lobby', 'lobbyCustomPromoContainer'),
      sizeMapping: [
        { viewportWidth: 1024, sizes: [[728, 90]] as Array<[number, number]> },
        { viewportWidth: 0, sizes: [[300, 250]] as Array<[number, number]> },
      ],
    };
    const definitions = slotDefinitions({ pagePath: '/9518146/WMP_US_WEB/allads/x', slots: [interstitial, withMapping, customInterstitial] }, true);
    expect(definitions).toEqual([
      { container: 'InterstitialContainer', adUnitPath: '/9518146/WMP_US_WEB/allads/x', outOfPage: true, sizes: [[1, 1]], sizeMapping: [] },
      {
        container: 'lobbyCustomPromoContainer',
        adUnitPath: '/9518146/WMP_US_WEB/allads/x',
        outOfPage: false,
        sizes: ['fluid'],
        sizeMapping: [
          { viewport: [1024, 0], sizes: [[728, 90]] },
          { viewport: [0, 0], sizes: [[300, 250]] },
        ],
      },
      {
        container: 'interstitialCustomPromoContainer',
        adUnitPath: '/9518146/WMP_US_WEB/allads/x',
        outOfPage: true,
        sizes: [[1, 1]],
        sizeMapping: [],
      },
    ]);
  });

  it.each([
    ['header', 'header'],
    ['footer', 'footer'],
    ['pulse', 'pulse'],
    ['interstitial', 'interstitial'],
    ['WMP_interstitial', 'custom-interstitial'],
    ['WMP_lobby', 'custom'],
  ])('%s is placed as %s', (id, placement) => {
    expect(slotPlacement({ id })).toBe(placement);
  });
});
