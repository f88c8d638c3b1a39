import type { ConsentDecision } from '../api/evaluate-consent';

/** What the rest of the page may do, as decided from the visitor's consent. */
export type TrackingConsent = {
  /** Analytics, tag managers and ads may load (SPEC.md section 4 "Consent"). */
  trackersEnabled: boolean;
  /**
   * The visitor granted consent, or there is no consent manager: what the direct
   * ad-server mode needs (SPEC.md section 6 "Ads").
   */
  consentGiven: boolean;
  /** The visitor refused a purpose: the member-login tracker stays silent. */
  purposeDenied: boolean;
};

/** Before any decision nothing third-party may run. */
export const NO_CONSENT_YET: TrackingConsent = { trackersEnabled: false, consentGiven: false, purposeDenied: false };

/** Without a consent manager everything may run. */
export const NO_CONSENT_MANAGER: TrackingConsent = { trackersEnabled: true, consentGiven: true, purposeDenied: false };

export function trackingConsentFrom(decision: ConsentDecision): TrackingConsent {
  return {
    trackersEnabled: decision.trackersEnabled,
    consentGiven: decision.state === 'granted',
    purposeDenied: decision.state === 'denied',
  };
}
