import { expect, test, type BrowserContext, type Page } from '@playwright/test';

// SPEC.md section 4 "Consent": trackers are enabled once an enterprise-analytics launch
// script is configured and the consent manager is ready, and the script itself loads
// only once trackers are enabled. The gateway names the script in the app data
// (ANALYTICS_LAUNCH_SCRIPT_URL); here the app data is given one at the site's own
// origin, where the page's Content-Security-Policy allows it, and a stand-in answers.

// The site's own requests are intercepted: the service worker would hide them.
test.use({ serviceWorkers: 'block' });

const LAUNCH_SCRIPT_PATH = '/e2e-analytics/launch.js';

type Log = { launchScript: number; evaluations: Array<Record<string, unknown>> };

async function configureLaunchScript(context: BrowserContext, page: Page, origin: string): Promise<Log> {
  const log: Log = { launchScript: 0, evaluations: [] };
  // Third-party hosts cannot be reached from the test machine.
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  const analytics = { launchScriptUrl: `${origin}${LAUNCH_SCRIPT_PATH}` };
  // A published page carries the app data in its HTML; other pages fetch it.
  await page.route(
    (url) => url.origin === origin && url.pathname === '/',
    async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '"analytics":{"launchScriptUrl":null}',
        `"analytics":${JSON.stringify(analytics)}`,
      );
      await route.fulfill({ response, body: html });
    },
  );
  await page.route('**/page-data/app-data.json', async (route) => {
    const response = await route.fetch();
    const appData = (await response.json()) as Record<string, unknown>;
    appData.analytics = analytics;
    await route.fulfill({ response, json: appData });
  });
  await page.route(`**${LAUNCH_SCRIPT_PATH}`, (route) => {
    log.launchScript += 1;
    return route.fulfill({
      contentType: 'text/javascript',
      body: 'window.launchScriptLoaded = true;',
    });
  });
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/consent/evaluate')) {
      log.evaluations.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  return log;
}

test.describe('enterprise-analytics launch script', () => {
  test('loads once the consent banner is ready, before any choice', async ({ context, page, baseURL }) => {
    const log = await configureLaunchScript(context, page, new URL(baseURL ?? '').origin);
    await page.goto('/');
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as Window & { launchScriptLoaded?: boolean }).launchScriptLoaded))
      .toBe(true);
    expect(log.launchScript).toBe(1);
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
    expect(log.launchScript).toBe(0);
  });
});
