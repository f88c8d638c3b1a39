// The adsDisplay setting's direct ad-server mode, and the space the page frame holds for
// the header's ads (docs/consent-and-ads.md#ads-in-the-browser). A module of its own: the
// frame reads it on every page, before the ads' code has loaded.

import type { SiteSettings } from '@/types/api';

export const DIRECT_AD_SERVER_MODE = 'CUSTOM_WITHOUT_WRAPPER';

/**
 * Whether the page frame reserves the header's ad band from its first render, on the
 * server too: the site shows ads at the top of its pages (adsLocation PAGES_TOP) and they
 * may load before any choice (no consent manager, or a regime that does not ask first),
 * outside the direct ad-server mode, which waits for consent. An ad arriving later then
 * moves nothing. Under GDPR the band comes with the visitor's consent, a click's
 * consequence, which is no layout shift either.
 */
export function reservesHeaderAdBand(
  settings: Pick<SiteSettings, 'adsDisplay' | 'adsLocation'> | null | undefined,
  // The consent feature's BannerRegulation and ConsentManager kind, as the page frame
  // gives them.
  regulation: 'gdpr' | 'ccpa' | 'none',
  consentManager: 'didomi' | 'first-party' | 'disabled',
): boolean {
  const adsDisplay = (settings?.adsDisplay ?? '').trim();
  if (!adsDisplay || adsDisplay === DIRECT_AD_SERVER_MODE) return false;
  if (!(settings?.adsLocation ?? []).includes('PAGES_TOP')) return false;
  return consentManager === 'disabled' || regulation !== 'gdpr';
}
