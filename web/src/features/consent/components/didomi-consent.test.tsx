import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { openConsentPreferences } from '../utils/consent-events';
import { DidomiConsent } from './didomi-consent';

// The SDK itself never loads here: the component's queues and calls are what is checked.
vi.mock('@/lib/load-script', () => ({ loadScript: () => Promise.resolve() }));
const evaluateConsent = vi.hoisted(() => vi.fn());
vi.mock('../api/evaluate-consent', () => ({ evaluateConsent }));

type Listener = { event: string; listener: () => void };
type DidomiTestWindow = Window & {
  didomiOnReady?: Array<() => void>;
  didomiEventListeners?: Listener[];
  Didomi?: unknown;
};
const page = window as DidomiTestWindow;

/** A loaded SDK: no regulation applies, and it can unregister listeners. */
function loadedSdk() {
  return {
    isRegulationApplied: () => false,
    isConsentRequired: () => false,
    getUserConsentStatusForVendor: () => undefined,
    preferences: { show: vi.fn() },
    off: vi.fn(),
  };
}

function renderDidomi(onConsent = vi.fn()) {
  return renderWithApp(
    <DidomiConsent
      apiKey="api-key"
      noticeId="notice"
      appName="Marquee Cinemas"
      logoUrl=""
      privacyPolicyUrl="https://www.marqueecinemas.com/privacy-policy/"
      country="US"
      launchScriptConfigured={false}
      onConsent={onConsent}
    />,
  );
}

beforeEach(() => {
  evaluateConsent.mockReset().mockResolvedValue({ state: 'granted', trackersEnabled: true });
});
afterEach(() => {
  cleanup();
  delete page.didomiOnReady;
  delete page.didomiEventListeners;
  delete page.Didomi;
});

describe('DidomiConsent', () => {
  it('queues its listeners for the SDK and takes them out again when unmounted', () => {
    // Another script's entries stay where they are.
    const theirs: Listener = { event: 'notice.shown', listener: () => undefined };
    page.didomiEventListeners = [theirs];
    const { unmount } = renderDidomi();
    expect(page.didomiOnReady).toHaveLength(1);
    expect(page.didomiEventListeners.map((entry) => entry.event)).toEqual(['notice.shown', 'consent.changed']);

    unmount();
    expect(page.didomiOnReady).toEqual([]);
    expect(page.didomiEventListeners).toEqual([theirs]);
  });

  it('unregisters its consent listener from a loaded SDK when unmounted', () => {
    const sdk = loadedSdk();
    page.Didomi = sdk;
    const { unmount } = renderDidomi();
    const listener = page.didomiEventListeners?.[0]?.listener;

    unmount();
    expect(sdk.off).toHaveBeenCalledWith('consent.changed', listener);
  });

  it('re-evaluates consent on a change while mounted, and not after', async () => {
    page.Didomi = loadedSdk();
    const onConsent = vi.fn();
    const { unmount } = renderDidomi(onConsent);
    const listener = page.didomiEventListeners?.[0]?.listener;
    if (!listener) throw new Error('no consent listener queued');

    listener();
    await vi.waitFor(() => expect(onConsent).toHaveBeenCalledTimes(1));
    unmount();
    // A copy the SDK kept (one without `off`) reaches nobody.
    listener();
    expect(evaluateConsent).toHaveBeenCalledTimes(1);
  });

  it('stops opening the preferences from the footer once unmounted', () => {
    const sdk = loadedSdk();
    page.Didomi = sdk;
    const { unmount } = renderDidomi();
    openConsentPreferences();
    expect(sdk.preferences.show).toHaveBeenCalledTimes(1);

    unmount();
    openConsentPreferences();
    expect(sdk.preferences.show).toHaveBeenCalledTimes(1);
  });
});
