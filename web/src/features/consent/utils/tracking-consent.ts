// The consent manager's decision as the rest of the page reads it: the page store's
// consent (state/page-store.ts).
import type { TrackingConsent } from '@/state/page-store';
import type { ConsentDecision } from '@/types/api';

/** Without a consent manager everything may run. */
export const NO_CONSENT_MANAGER: TrackingConsent = { trackersEnabled: true, consentGiven: true, purposeDenied: false };

export function trackingConsentFrom(decision: ConsentDecision): TrackingConsent {
  return {
    trackersEnabled: decision.trackersEnabled,
    consentGiven: decision.state === 'granted',
    purposeDenied: decision.state === 'denied',
  };
}
