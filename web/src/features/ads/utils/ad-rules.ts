// When ads load, which slots a page shows, and when they are set up again
// (docs/consent-and-ads.md#ads-in-the-browser).

import type { AdsConfig, AdSize, AdSlotConfig } from '@/types/api';
import { DIRECT_AD_SERVER_MODE } from './ads-display';

export const INTERSTITIAL_SLOT = 'interstitial';
/** The CustomInterstitial slot: the custom location keyed 'interstitial' (svc-ads slots.rs). */
export const CUSTOM_INTERSTITIAL_SLOT = 'WMP_interstitial';

/** The interstitial and the custom interstitial: over the page, on the first page only. */
function isInterstitial(slot: Pick<AdSlotConfig, 'id'>): boolean {
  return slot.id === INTERSTITIAL_SLOT || slot.id === CUSTOM_INTERSTITIAL_SLOT;
}

/** How long the page path must hold still before ads are set up for it. */
export const AD_CONFIGURATION_DEBOUNCE_MS = 500;

/**
 * Ads load once trackers are enabled; in the direct ad-server mode only when the
 * visitor has given consent or consent management is off.
 */
export function adsMayLoad(
  config: Pick<AdsConfig, 'enabled' | 'scriptUrl' | 'requiresConsent'> | undefined,
  consent: { trackersEnabled: boolean; consentGiven: boolean },
): boolean {
  if (!config?.enabled || !config.scriptUrl) return false;
  if (!consent.trackersEnabled) return false;
  return !config.requiresConsent || consent.consentGiven;
}

/**
 * Slots are set up again whenever the ad page path changes (another theater's, another
 * kind of page's): kept, they would go on showing the previous path's ads.
 */
export function shouldReconfigure(previousPagePath: string | undefined, nextPagePath: string): boolean {
  return previousPagePath !== undefined && previousPagePath !== nextPagePath;
}

/** In the direct ad-server mode a change of targeting refreshes every slot but the interstitials. */
export function slotsToRefresh(
  mode: string,
  previousTargeting: Record<string, string> | undefined,
  nextTargeting: Record<string, string>,
  slots: AdSlotConfig[],
): string[] {
  if (mode !== DIRECT_AD_SERVER_MODE || previousTargeting === undefined) return [];
  if (sameTargeting(previousTargeting, nextTargeting)) return [];
  return slots.filter((slot) => !isInterstitial(slot)).map((slot) => slot.container);
}

function sameTargeting(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** The interstitials show on the visitor's first page only. */
export function slotsForPage(slots: AdSlotConfig[], isFirstPage: boolean): AdSlotConfig[] {
  return slots.filter((slot) => !isInterstitial(slot) || isFirstPage);
}

export type SlotDefinition = {
  container: string;
  adUnitPath: string;
  outOfPage: boolean;
  sizes: Array<AdSize | 'fluid'>;
  sizeMapping: Array<{ viewport: AdSize; sizes: AdSize[] }>;
};

/** What the ad server is told about each slot. */
export function slotDefinitions(config: Pick<AdsConfig, 'pagePath' | 'slots'>, isFirstPage: boolean): SlotDefinition[] {
  return slotsForPage(config.slots, isFirstPage).map((slot) => ({
    container: slot.container,
    adUnitPath: config.pagePath,
    outOfPage: isInterstitial(slot),
    sizes: slot.sizes === 'fluid' ? ['fluid'] : slot.sizes,
    sizeMapping: slot.sizeMapping.map((entry) => ({ viewport: [entry.viewportWidth, 0], sizes: entry.sizes })),
  }));
}

export type SlotPlacement = 'header' | 'footer' | 'pulse' | 'interstitial' | 'custom-interstitial' | 'custom';

export function slotPlacement(slot: Pick<AdSlotConfig, 'id'>): SlotPlacement {
  switch (slot.id) {
    case 'header':
    case 'footer':
    case 'pulse':
    case INTERSTITIAL_SLOT:
      return slot.id;
    case CUSTOM_INTERSTITIAL_SLOT:
      return 'custom-interstitial';
    default:
      return 'custom';
  }
}
