// The enterprise-analytics launch script (docs/consent-and-ads.md#analytics).
// The gateway names it (ANALYTICS_LAUNCH_SCRIPT_URL, delivered in
// the app data) and allows its origin in the Content-Security-Policy.

export type LaunchScriptInputs = {
  /** app data `analytics.launchScriptUrl`; null or absent when none is configured. */
  url: string | null | undefined;
  trackersEnabled: boolean;
  /** Analytics may be turned off for a build (VITE_ANALYTICS_DISABLED). */
  analyticsEnabled: boolean;
};

/** Whether one is configured: with one, trackers may run once the consent manager is ready. */
export function launchScriptConfigured(url: string | null | undefined): boolean {
  return Boolean(url?.trim());
}

/** The script to load now: like every tracker, only once trackers are enabled. */
export function launchScriptToLoad({ url, trackersEnabled, analyticsEnabled }: LaunchScriptInputs): string | undefined {
  if (!trackersEnabled || !analyticsEnabled || !launchScriptConfigured(url)) return undefined;
  return url?.trim();
}
