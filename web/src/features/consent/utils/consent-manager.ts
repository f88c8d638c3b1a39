// The Didomi side of consent management (docs/consent-and-ads.md#consent-managers);
// which manager serves the site is site-consent-manager.ts.

import type { ConsentEvaluation } from '@/types/api';

/** The privacy regulations, in the order they are checked. */
export const REGULATION_ORDER = ['gdpr', 'ccpa', 'cpra', 'cpa', 'ctdpa', 'vcdpa', 'tdpsa'] as const;

/** The first regulation in the spec's order that applies, or 'none'. */
export function firstAppliedRegulation(isApplied: (regulation: string) => boolean): string {
  return REGULATION_ORDER.find((regulation) => isApplied(regulation)) ?? 'none';
}

/** What the Didomi SDK says, read by the component at every consent change. */
export type DidomiSnapshot = {
  regulation: string;
  consentRequired: boolean;
  /** Vendor name (svc-consent's) -> granted, refused, or undetermined (null). */
  vendors: Record<string, boolean | null>;
  doNotSell: boolean;
};

/** Didomi vendor ids of the analytics vendors svc-consent counts under GDPR. */
export const DIDOMI_VENDORS: Readonly<Record<string, string>> = {
  'google-analytics': 'c:googleana-4TXnJigR',
  bing: 'c:bing-ads',
  'adobe-analytics': 'c:adobe-analytics',
};

/**
 * Didomi's state as svc-consent reads it. A snapshot is only taken once the SDK is
 * ready, so a configured launch script counts as ready (docs/consent-and-ads.md#consent-state).
 */
export function evaluationFromDidomi(snapshot: DidomiSnapshot, launchScriptConfigured: boolean): ConsentEvaluation {
  return {
    regulation: snapshot.regulation,
    consentRequired: snapshot.consentRequired,
    vendors: snapshot.vendors,
    doNotSell: snapshot.doNotSell,
    cmpEnabled: true,
    launchScriptReady: launchScriptConfigured,
  };
}

/** `{origin}/{slug}`, the privacy policy page given to the consent manager. */
export function privacyPolicyUrl(origin: string, slug: string | undefined): string {
  const path = (slug ?? '').replace(/^\/+/, '');
  return `${origin.replace(/\/+$/, '')}/${path}`;
}

/** window.didomiConfig: CCPA and external consent on, the app's name, logo, privacy page and country. */
export function didomiConfig(input: {
  appName: string;
  logoUrl: string;
  privacyPolicyUrl: string;
  country: string;
}) {
  return {
    app: {
      name: input.appName,
      logoUrl: input.logoUrl,
      privacyPolicyURL: input.privacyPolicyUrl,
    },
    regulations: { ccpa: { enabled: true } },
    user: { externalConsent: { enabled: true } },
    country: input.country,
  };
}

export function didomiLoaderUrl(apiKey: string, noticeId: string): string {
  return `https://sdk.privacy-center.org/${encodeURIComponent(apiKey)}/loader.js?target_type=notice&target=${encodeURIComponent(noticeId)}`;
}

/** The consent manager shown in the popup image's alt text. */
export const CONSENT_PROVIDER_NAME = 'Didomi';

/** How often the popup is checked for its image alt text. */
export const POPUP_CHECK_MS = 500;

/** Gives every image of the consent popup under `root` the accessible `alt`; how many changed. */
export function labelPopupImages(root: ParentNode, alt: string): number {
  let changed = 0;
  for (const image of root.querySelectorAll<HTMLImageElement>('#didomi-host img')) {
    if (image.alt !== alt) {
      image.alt = alt;
      changed += 1;
    }
  }
  return changed;
}
