import { describe, expect, it } from 'vitest';
import { trackingConsentFrom } from './tracking-consent';

describe('trackingConsentFrom', () => {
  it.each([
    [{ state: 'granted', trackersEnabled: true }, { trackersEnabled: true, consentGiven: true, purposeDenied: false }],
    [{ state: 'denied', trackersEnabled: false }, { trackersEnabled: false, consentGiven: false, purposeDenied: true }],
    [{ state: 'undetermined', trackersEnabled: true }, { trackersEnabled: true, consentGiven: false, purposeDenied: false }],
  ] as const)('%o gives %o', (decision, consent) => {
    expect(trackingConsentFrom(decision)).toEqual(consent);
  });
});
