// The visitor's consent as the consent manager last decided it, shared by the parts of
// the page that follow it (analytics, ads, the header's ad band), which live in different
// chunks: the value is kept outside React and read with useSyncExternalStore.
import { useSyncExternalStore } from 'react';
import { NO_CONSENT_YET, type TrackingConsent } from './tracking-consent';

let currentConsent: TrackingConsent = NO_CONSENT_YET;
const consentListeners = new Set<() => void>();

/** Records the consent manager's decision and tells every part that follows it. */
export function setConsent(consent: TrackingConsent): void {
  currentConsent = consent;
  for (const listener of consentListeners) listener();
}

function subscribeToConsent(listener: () => void): () => void {
  consentListeners.add(listener);
  return () => consentListeners.delete(listener);
}

/** The decision so far: NO_CONSENT_YET until the consent manager has decided. */
export function useTrackingConsent(): TrackingConsent {
  // The server, and the browser while hydrating, know no choice yet.
  return useSyncExternalStore(subscribeToConsent, () => currentConsent, () => NO_CONSENT_YET);
}
