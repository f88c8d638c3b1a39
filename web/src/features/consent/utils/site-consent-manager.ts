// Which consent manager serves the site (docs/consent-and-ads.md#consent-managers). A module of its
// own: the page frame and the footer read it, without the managers' code.

import type { SiteSettings } from '@/types/api';

export type ConsentManager =
  | { kind: 'didomi'; noticeId: string; apiKey: string }
  | { kind: 'first-party' }
  | { kind: 'disabled' };

/**
 * The site's notice id (settings.cookieBannerDidomiId), overridden by a build-time one,
 * selects Didomi when an API key is configured; without a notice id the first-party
 * banner serves, unless the site turns it off (settings.firstPartyConsentBanner false):
 * then, as with the build flag, consent management is disabled
 * (docs/consent-and-ads.md#consent-managers).
 */
export function consentManagerFor(input: {
  settingsNoticeId: string | undefined;
  buildNoticeId: string | undefined;
  apiKey: string | undefined;
  disabledByBuild: boolean;
  firstPartyBannerOff: boolean;
}): ConsentManager {
  if (input.disabledByBuild) return { kind: 'disabled' };
  const noticeId = (input.buildNoticeId || input.settingsNoticeId || '').trim();
  const apiKey = (input.apiKey ?? '').trim();
  if (noticeId && apiKey) return { kind: 'didomi', noticeId, apiKey };
  return input.firstPartyBannerOff ? { kind: 'disabled' } : { kind: 'first-party' };
}

/** The consent manager of a site with these settings, in this build. */
export function siteConsentManager(settings: SiteSettings | null | undefined): ConsentManager {
  return consentManagerFor({
    settingsNoticeId: settings?.cookieBannerDidomiId,
    buildNoticeId: import.meta.env.VITE_DIDOMI_NOTICE_ID,
    apiKey: import.meta.env.VITE_DIDOMI_API_KEY,
    disabledByBuild: import.meta.env.VITE_CONSENT_MANAGER_DISABLED === 'true',
    firstPartyBannerOff: settings?.firstPartyConsentBanner === false,
  });
}
