import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export type SiteJson = {
  config?: { name?: string; isSingleLocation?: boolean };
  settings?: { socialLinks?: unknown[]; appLinks?: unknown[] };
};

export type MovieJson = { id: string; title?: string; slug?: string; path?: string; playWeek?: string };
export type TheaterJson = { id: string; name?: string };

/**
 * Waits for the published page's markup to be hydrated: its buttons take clicks from then
 * on (before, they are disabled; the colour-mode toggle is on every page).
 */
export async function expectHydrated(page: Page) {
  await expect(page.getByTestId('colour-mode-toggle')).toBeEnabled();
}

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answers ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** Scrolls every poster into view (they load lazily) and waits until each has pixels. */
export async function expectPostersLoaded(page: Page, selector = '[data-testid="movie-card"] img') {
  const posters = page.locator(selector);
  // The list renders after its data arrives: wait for it before counting.
  await expect(posters.first()).toBeVisible();
  const count = await posters.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    await posters.nth(index).scrollIntoViewIfNeeded();
  }
  await expect
    .poll(() =>
      posters.evaluateAll((images) =>
        images.filter((image) => !((image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0)).length,
      ),
    )
    .toBe(0);
  return count;
}

/**
 * Two pictures of the page for a person to look at (test-results/screenshots/{name}.png
 * and {name}-full.png): the first screen, and the whole page once it has been scrolled
 * through, so lazily loaded posters below the fold are there as a visitor would see them.
 */
export async function screenshotPage(page: Page, name: string) {
  const file = `test-results/screenshots/${name}`;
  await page.screenshot({ path: `${file}.png` });
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  await page.waitForLoadState('networkidle');
  // A lazy image never scrolled near never loads: any rendered after the scroll (parts
  // that wait for the first paint) are asked for now, so the full-page picture has them.
  await page.waitForFunction(() =>
    Array.from(document.images).every((image) => {
      image.loading = 'eager';
      return image.complete;
    }),
  );
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${file}-full.png`, fullPage: true });
}

/** The page has no horizontal scroll: nothing sticks out at this width. */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Serves the site under `publicOrigin` too (a name that is not the test server's), by
 * forwarding every request for it to the real server: for origin-dependent rules.
 */
export async function serveSiteAt(context: BrowserContext, publicOrigin: string, siteOrigin: string) {
  await context.route(`${publicOrigin}/**`, async (route) => {
    const url = new URL(route.request().url());
    const target = `${siteOrigin}${url.pathname}${url.search}`;
    try {
      await route.fulfill({ response: await context.request.fetch(target, { method: route.request().method() }) });
    } catch {
      // The test ended while the page was still loading (its scripts, its images): the
      // request is dropped, not reported against the next test.
      await route.abort().catch(() => undefined);
    }
  });
}

/**
 * axe-core finds no serious or critical violation on the page as a person sees it: once
 * its title is set, which happens when its data has arrived.
 */
export async function expectNoSeriousViolations(page: Page) {
  await expect(page).toHaveTitle(/\S/);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
}

/** The demo chain's seeded member (BOOST_POS, loyalty version 3). */
export const DEMO_MEMBER = { email: 'demo@marqueecinemas.example', password: 'Popcorn#2024' };

/** Signs the demo member in on the built-in sign-in page; `search` is kept in its address. */
export async function signInAsDemoMember(page: Page, search = '') {
  await page.goto(`/sign-in/${search}`);
  await page.getByLabel('Email').fill(DEMO_MEMBER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export type RequestLog = { thirdParty: string[]; receipts: number[] };

/**
 * Answers every third-party request (those hosts cannot be reached from the test machine)
 * and logs it, with the status of each consent receipt the site stores.
 */
export async function logRequests(context: BrowserContext, page: Page, baseURL: string): Promise<RequestLog> {
  const log: RequestLog = { thirdParty: [], receipts: [] };
  const origin = new URL(baseURL).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
  );
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== origin) log.thirdParty.push(request.url());
  });
  page.on('response', (response) => {
    if (response.url().endsWith('/api/v1/consent/receipts')) log.receipts.push(response.status());
  });
  return log;
}

/**
 * What the page loads from other sites: the requests logged, and the off-site scripts,
 * frames and images in its document (an element is in the document a moment before its
 * request is logged). Tests install Playwright's clock before the page loads and run it
 * ahead first (`page.clock.runFor`), so what the page would start in that time (the ad
 * set-up after its debounce, the analytics queue) has started, without waiting for it.
 */
export async function offSiteLoads(page: Page, log: RequestLog): Promise<string[]> {
  const elements = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement | HTMLIFrameElement | HTMLImageElement>('script[src], iframe[src], img[src]')]
      .map((element) => element.src)
      .filter((url) => new URL(url, location.href).origin !== location.origin),
  );
  return [...new Set([...log.thirdParty, ...elements])];
}

export const analyticsTag = /^https:\/\/www\.googletagmanager\.com\/gtag\/js\?id=G-/;
export const adsContainer = /^https:\/\/www\.googletagmanager\.com\/gtm\.js\?id=GTM-/;
export const adLibrary = /\/wrapper\.js$/;
