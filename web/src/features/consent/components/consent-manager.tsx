import { useEffect } from 'react';
import { pageLocation } from '@/lib/hydration';
import type { Site } from '@/types/api';
import { regulationForCountry } from '../utils/regulation';
import { privacyPolicyUrl } from '../utils/consent-manager';
import { siteConsentManager } from '../utils/site-consent-manager';
import type { TrackingConsent } from '@/state/page-store';
import { NO_CONSENT_MANAGER } from '../utils/tracking-consent';
import { ConsentBanner } from './consent-banner';
import { DidomiConsent } from './didomi-consent';

/**
 * The site's consent manager: Didomi when a notice id is configured, otherwise the
 * first-party banner; none when a build flag or the site's settings turn it off.
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
  const settings = site?.settings;
  const manager = siteConsentManager(settings);
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
