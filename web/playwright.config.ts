import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { OTHER_BRAND, brandBaseURL, e2eDataDir, gdprBaseURL, gdprSiteDir, singleBaseURL, walletServiceAccountFile } from './e2e/gateways';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// E2E_PORT lets two test runs share a machine; the single-location gateway uses the next
// port, the demo chain set in a GDPR country the one after.
const port = Number(process.env.E2E_PORT ?? 8090);
const baseURL = `http://127.0.0.1:${port}`;
const singleURL = singleBaseURL(port);
const gdprURL = gdprBaseURL(port);
const brandURL = brandBaseURL(port);

/**
 * One gateway in embedded mode serving `siteDir`, with its own fresh data directory; with
 * `sitesDir`, every bundle in it too, each at `{id}.localhost` (sites.spec.ts); with
 * `studioHosts`, the studio on those host names (studio.spec.ts).
 */
function gateway(url: string, siteDir: string, dataDir: string, loyaltyBrand = 'boxoffice', sitesDir = '', studioHosts = '') {
  return {
    // Built by `make e2e` as the Rust tests build it (Makefile BUILD_AS_TESTS).
    command: 'target/debug/gateway --embedded',
    cwd: repoRoot,
    env: {
      GATEWAY_ADDR: url.replace('http://', ''),
      SITE_DIR: siteDir,
      SITES_DIR: sitesDir,
      WEB_DIST: 'web/dist',
      DATA_DIR: dataDir,
      // The reset e-mail links back to this gateway.
      LOYALTY_SITE_ORIGINS: url,
      // Canonical links, Open Graph and the sitemap name this gateway.
      PUBLIC_URL: url,
      WALLET_SERVICE_ACCOUNT_FILE: walletServiceAccountFile(dataDir),
      WALLET_ISSUER_ID: '3388000000022100000',
      LOYALTY_BRAND: loyaltyBrand,
      // Each gateway reads the catalogue's events on the shared NATS with a durable
      // consumer of its own (docs/loyalty.md#alerts): one shared would hand an event to
      // whichever gateway asked first.
      ALERTS_CONSUMER: `e2e-alerts-${new URL(url).port}-${process.pid}`,
      // The studio's origin, which its links name and its passkeys are bound to.
      ...(studioHosts
        ? { STUDIO_HOSTS: studioHosts, STUDIO_URL: `http://${studioHosts.split(',')[0]}:${new URL(url).port}` }
        : {}),
    },
    url: `${url}/healthz`,
    timeout: 600_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

// Debian's Chromium: no browser download is possible on these machines
// (TOOLCHAIN.md "Front end").
const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  reporter: 'list',
  timeout: 30_000,
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /\.(single|gdpr)\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, launchOptions: chromium },
    },
    {
      // The single-location bundle (loyalty version 1, activation required) on its own gateway.
      name: 'single',
      testMatch: /\.single\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: singleURL,
        viewport: { width: 1280, height: 900 },
        launchOptions: chromium,
      },
    },
    // Pictures of every page for a person to look at, not tests: `npm run screenshots`
    // (web/test-results/screenshots/). `make test` does not take them.
    ...(process.env.SCREENSHOTS
      ? [
          {
            name: 'screenshots',
            testMatch: /\.shots\.ts$/,
            timeout: 240_000,
            use: { ...devices['Desktop Chrome'], launchOptions: chromium },
          },
        ]
      : []),
    {
      // The member journey on a gateway whose LOYALTY_BRAND is not the default: the browser
      // names the session headers, query parameters and fields by the brand in the app data.
      name: 'brand',
      testMatch: /member-journey\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: brandURL,
        viewport: { width: 1280, height: 900 },
        launchOptions: chromium,
      },
    },
    {
      // The demo chain in Ireland: consent under GDPR.
      name: 'gdpr',
      testMatch: /\.gdpr\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        baseURL: gdprURL,
        viewport: { width: 1280, height: 900 },
        launchOptions: chromium,
      },
    },
  ],
  // The gateway in embedded mode serves web/dist and the demo site bundle, so the
  // tests drive the real stack. Build the app first (`npm run build`; `npm run e2e`
  // does it through the pree2e script).
  webServer: [
    // The studio at studio.localhost (Chromium resolves *.localhost to loopback); its first
    // operator's invitation is written into this gateway's DATA_DIR.
    gateway(baseURL, 'site/demo', e2eDataDir(port), 'boxoffice', 'site', 'studio.localhost'),
    gateway(singleURL, 'site/single', e2eDataDir(port + 1)),
    gateway(gdprURL, gdprSiteDir(`${repoRoot}site/demo`), e2eDataDir(port + 2)),
    gateway(brandURL, 'site/demo', e2eDataDir(port + 3), OTHER_BRAND),
  ],
});
