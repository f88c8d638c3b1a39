import { useEffect } from 'react';
import { useTranslate } from '@/state/i18n';
import { loadScript } from '@/lib/load-script';
import { evaluateConsent } from '../api/evaluate-consent';
import {
  CONSENT_PROVIDER_NAME,
  DIDOMI_VENDORS,
  didomiConfig,
  didomiLoaderUrl,
  evaluationFromDidomi,
  firstAppliedRegulation,
  labelPopupImages,
  POPUP_CHECK_MS,
} from '../utils/consent-manager';
import { OPEN_CONSENT_EVENT } from '../utils/consent-events';
import type { TrackingConsent } from '@/state/page-store';
import { trackingConsentFrom } from '../utils/tracking-consent';

/** The part of the Didomi web SDK this page uses. */
type DidomiSdk = {
  isRegulationApplied: (regulation: string) => boolean;
  isConsentRequired: () => boolean;
  getUserConsentStatusForVendor: (vendorId: string) => boolean | undefined;
  CCPA?: { getDoNotSellStatus: () => boolean };
  preferences: { show: () => void };
  /**
   * Unregisters a listener the SDK took from `didomiEventListeners` (or `Didomi.on`): once
   * loaded it keeps its own list. Typed optional: called only where the loaded SDK has it.
   */
  off?: (event: string, listener: () => void) => void;
};

type DidomiEventListener = { event: string; listener: () => void };

type DidomiWindow = Window & {
  didomiConfig?: unknown;
  didomiOnReady?: Array<(sdk: DidomiSdk) => void>;
  didomiEventListeners?: DidomiEventListener[];
  Didomi?: DidomiSdk;
};

const CONSENT_CHANGED = 'consent.changed';

/** Takes `entry` out of one of the queues the SDK reads when it loads, if it is still there. */
function withdraw<T>(queue: T[] | undefined, entry: T): void {
  if (!Array.isArray(queue)) return;
  const index = queue.indexOf(entry);
  if (index >= 0) queue.splice(index, 1);
}

type DidomiConsentProps = {
  apiKey: string;
  noticeId: string;
  appName: string;
  logoUrl: string;
  privacyPolicyUrl: string;
  country: string;
  /** An enterprise-analytics launch script is configured (app data). */
  launchScriptConfigured: boolean;
  onConsent: (consent: TrackingConsent) => void;
};

function snapshot(sdk: DidomiSdk, launchScriptConfigured: boolean) {
  const vendors: Record<string, boolean | null> = {};
  for (const [name, vendorId] of Object.entries(DIDOMI_VENDORS)) {
    vendors[name] = sdk.getUserConsentStatusForVendor(vendorId) ?? null;
  }
  return evaluationFromDidomi({
    regulation: firstAppliedRegulation((regulation) => sdk.isRegulationApplied(regulation)),
    consentRequired: sdk.isConsentRequired(),
    vendors,
    doNotSell: sdk.CCPA?.getDoNotSellStatus() ?? false,
  }, launchScriptConfigured);
}

/**
 * The Didomi consent manager, when a notice id is configured: CCPA and external consent
 * on; consent re-evaluated at every change; the popup's image gets an accessible alt
 * text, checked every 500 ms because the SDK renders it whenever it likes.
 */
export function DidomiConsent({ apiKey, noticeId, launchScriptConfigured, onConsent, ...app }: DidomiConsentProps) {
  const t = useTranslate();
  const { appName, logoUrl, privacyPolicyUrl, country } = app;

  useEffect(() => {
    const page = window as DidomiWindow;
    page.didomiConfig = didomiConfig({ appName, logoUrl, privacyPolicyUrl, country });
    // Set off by the cleanup: an evaluation under way then reports to nobody.
    let active = true;
    const reevaluate = () => {
      if (!active || !page.Didomi) return;
      evaluateConsent(snapshot(page.Didomi, launchScriptConfigured))
        .then((decision) => {
          if (active) onConsent(trackingConsentFrom(decision));
        })
        .catch((error: unknown) => console.warn('consent evaluation failed', error));
    };
    const consentChanged: DidomiEventListener = { event: CONSENT_CHANGED, listener: reevaluate };
    page.didomiOnReady = page.didomiOnReady ?? [];
    page.didomiOnReady.push(reevaluate);
    page.didomiEventListeners = page.didomiEventListeners ?? [];
    page.didomiEventListeners.push(consentChanged);
    loadScript(didomiLoaderUrl(apiKey, noticeId)).catch((error: unknown) =>
      console.warn('consent manager failed to load', error),
    );
    return () => {
      active = false;
      withdraw(page.didomiOnReady, reevaluate);
      withdraw(page.didomiEventListeners, consentChanged);
      page.Didomi?.off?.(CONSENT_CHANGED, reevaluate);
    };
  }, [apiKey, noticeId, appName, logoUrl, privacyPolicyUrl, country, launchScriptConfigured, onConsent]);

  useEffect(() => {
    const show = () => (window as DidomiWindow).Didomi?.preferences.show();
    window.addEventListener(OPEN_CONSENT_EVENT, show);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, show);
  }, []);

  useEffect(() => {
    const alt = t('consent.popupImageAlt', { provider: CONSENT_PROVIDER_NAME });
    const timer = window.setInterval(() => labelPopupImages(document, alt), POPUP_CHECK_MS);
    return () => window.clearInterval(timer);
  }, [t]);

  return null;
}
