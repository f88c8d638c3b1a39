import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signInAsDemoMember } from './helpers';

// The analytics scripts the gateway names in the app data. docs/consent-and-ads.md#consent-state:
// trackers are enabled once an enterprise-analytics launch script is configured and the
// consent manager is ready, and the script itself loads only once trackers are enabled
// (ANALYTICS_LAUNCH_SCRIPT_URL). The cinema-marketing web tracker (CINEMA_MARKETING_*)
// loads like any tracker and hears of member logins. Here the app data names scripts at
// the site's own origin, where the page's Content-Security-Policy allows them, and
// stand-ins answer.

// The site's own requests are intercepted: the service worker would hide them.
test.use({ serviceWorkers: 'block' });

const LAUNCH_SCRIPT_PATH = '/e2e-analytics/launch.js';

type Log = { scripts: string[]; evaluations: Array<Record<string, unknown>> };
type AnalyticsData = { launchScriptUrl: string | null; cinemaMarketing: { customerId: string; scriptUrl: string } | null };

async function configureAnalytics(context: BrowserContext, page: Page, origin: string, analytics: AnalyticsData): Promise<Log> {
  const log: Log = { scripts: [], evaluations: [] };
  // Third-party hosts cannot be reached from the test machine.
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  // A published page carries the app data in its HTML; other pages fetch it.
  await page.route(
    (url) => url.origin === origin && (url.pathname === '/' || url.pathname === '/sign-in/'),
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/"analytics":\{[^{}]*\}/, `"analytics":${JSON.stringify(analytics)}`);
      await route.fulfill({ response, body: html });
    },
  );
  await page.route('**/page-data/app-data.json', async (route) => {
    const response = await route.fetch();
    const appData = (await response.json()) as Record<string, unknown>;
    appData.analytics = analytics;
    await route.fulfill({ response, json: appData });
  });
  await page.route('**/e2e-analytics/**', (route) => {
    const url = new URL(route.request().url());
    log.scripts.push(`${url.pathname}${url.search}`);
    return route.fulfill({
      contentType: 'text/javascript',
      body: `window.loadedScripts = [...(window.loadedScripts ?? []), ${JSON.stringify(url.pathname)}];`,
    });
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/consent/evaluate')) {
      log.evaluations.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return log;
}

const loadedScripts = (page: Page) =>
  page.evaluate(() => (window as Window & { loadedScripts?: string[] }).loadedScripts ?? []);

async function configureLaunchScript(context: BrowserContext, page: Page, origin: string): Promise<Log> {
  return configureAnalytics(context, page, origin, { launchScriptUrl: `${origin}${LAUNCH_SCRIPT_PATH}`, cinemaMarketing: null });
}

test.describe('enterprise-analytics launch script', () => {
  test('loads once the consent banner is ready, before any choice', async ({ context, page, baseURL }) => {
    const log = await configureLaunchScript(context, page, new URL(baseURL ?? '').origin);
    await page.goto('/');
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    await expect.poll(() => loadedScripts(page)).toContain(LAUNCH_SCRIPT_PATH);
    expect(log.scripts).toEqual([LAUNCH_SCRIPT_PATH]);
    expect(log.evaluations[0]).toMatchObject({ cmpEnabled: true, launchScriptReady: true });
  });

  test('does not load while svc-consent keeps trackers off', async ({ context, page, baseURL }) => {
    const log = await configureLaunchScript(context, page, new URL(baseURL ?? '').origin);
    await page.route('**/api/v1/consent/evaluate', (route) =>
      route.fulfill({ json: { state: 'undetermined', trackersEnabled: false } }),
    );
    await page.goto('/');
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    await expect.poll(() => log.evaluations.length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(log.scripts).toEqual([]);
  });
});

test.describe('cinema-marketing tracker', () => {
  test('loads keyed by the customer id and hears of a member login, hashed', async ({ context, page, baseURL }) => {
    const origin = new URL(baseURL ?? '').origin;
    const log = await configureAnalytics(context, page, origin, {
      launchScriptUrl: null,
      cinemaMarketing: { customerId: 'marquee-42', scriptUrl: `${origin}/e2e-analytics/marketing.js` },
    });
    // The demo chain is under CCPA: trackers run from the first page.
    await page.goto('/');
    await expect.poll(() => log.scripts).toContain('/e2e-analytics/marketing.js?customerId=marquee-42');
    await signInAsDemoMember(page);
    await expect(page).toHaveURL(/\/account\//);
    const loginEvents = () =>
      page.evaluate(() =>
        ((window as Window & { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []).filter(
          (entry) => entry.event === 'TrackMemberLogin',
        ),
      );
    await expect.poll(loginEvents).toHaveLength(1);
    const [event] = await loginEvents();
    expect(event).toMatchObject({ customerId: 'marquee-42', hashedMemberId: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(JSON.stringify(event)).not.toContain('marqueecinemas.example');
  });
});
