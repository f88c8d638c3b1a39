import { useEffect } from 'react';
import { pageLocation } from '@/lib/hydration';
import type { Site } from '@/types/api';
import { regulationForCountry } from '../utils/consent-choice';
import { consentManagerFor, privacyPolicyUrl } from '../utils/consent-manager';
import { NO_CONSENT_MANAGER, type TrackingConsent } from '../utils/tracking-consent';
import { ConsentBanner } from './consent-banner';
import { DidomiConsent } from './didomi-consent';

type ConsentSettings = { cookieBannerDidomiId?: string };

/**
 * The site's consent manager: Didomi when a notice id is configured, otherwise the
 * first-party banner; none when a build flag turns consent management off.
 * `onConsent` hears every decision.
 */
export function ConsentManager({
  site,
  launchScriptConfigured,
  onConsent,
}: {
  site: Site | undefined;
  /** An enterprise-analytics launch script is configured: trackers may run once the manager is ready. */
  launchScriptConfigured: boolean;
  onConsent: (consent: TrackingConsent) => void;
}) {
  const settings = site?.settings as (NonNullable<Site['settings']> & ConsentSettings) | undefined;
  const manager = consentManagerFor({
    settingsNoticeId: settings?.cookieBannerDidomiId,
    buildNoticeId: import.meta.env.VITE_DIDOMI_NOTICE_ID,
    apiKey: import.meta.env.VITE_DIDOMI_API_KEY,
    disabledByBuild: import.meta.env.VITE_CONSENT_MANAGER_DISABLED === 'true',
  });
  const disabled = manager.kind === 'disabled';

  useEffect(() => {
    if (disabled) onConsent(NO_CONSENT_MANAGER);
  }, [disabled, onConsent]);

  const country = site?.config?.country?.iso31661A2;
  if (manager.kind === 'first-party') {
    return (
      <ConsentBanner
        regulation={regulationForCountry(country)}
        privacyPolicySlug={settings?.privacyPolicyPage?.slug}
        launchScriptConfigured={launchScriptConfigured}
        onConsent={onConsent}
      />
    );
  }
  if (manager.kind === 'didomi') {
    return (
      <DidomiConsent
        apiKey={manager.apiKey}
        noticeId={manager.noticeId}
        appName={site?.config?.name ?? ''}
        logoUrl={settings?.logo?.src ?? ''}
        privacyPolicyUrl={privacyPolicyUrl(pageLocation().origin, settings?.privacyPolicyPage?.slug)}
        country={country ?? ''}
        launchScriptConfigured={launchScriptConfigured}
        onConsent={onConsent}
      />
    );
  }
  return null;
}
