import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { getJson, signInAsDemoMember, type MovieJson } from './helpers';

// axe-core on every page in both colour modes: no serious or critical violation.
for (const mode of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility violation in ${mode} mode`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const [movie] = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
    const [event] = await getJson<Array<{ path?: string }>>(request, '/api/v1/events');
    const [theater] = await getJson<Array<{ id: string; slug?: string }>>(request, '/api/v1/theaters');
    const pages = [
      '/',
      '/movies/',
      '/movies/?attribute=Format.Sound.Dubbed',
      movie?.path ?? '/movies/',
      '/theaters/',
      `/theaters/${theater?.id}-${theater?.slug}/`,
      `/theaters/${theater?.id}-${theater?.slug}/?attribute=wheelchair`,
      '/showtimes/',
      '/search/?q=night',
      '/events/',
      event?.path ?? '/events/',
      '/no-such-page/',
      '/500.html',
    ];
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await context.addInitScript((value) => localStorage.setItem('colorMode', value), mode);
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('main')).not.toBeEmpty();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const severe = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
      expect(severe, severe.join('\n')).toEqual([]);
    }
    await context.close();
  });
}

// The sign-in page and every member screen, signed out and then signed in as the demo
// member, in both colour modes: no serious or critical violation.
const signedOutScreens = ['/sign-in/', '/account/register/', '/account/forgot-password/', '/account/forgot-username/'];
const memberScreens = [
  '/account/',
  '/account/profile/',
  '/account/rewards/',
  '/account/cards/',
  '/account/history/',
  '/account/watchlist/',
  '/account/theaters/',
  '/account/gift-card/',
  '/account/e-vouchers/',
  '/account/delete-account/',
];

for (const mode of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility violation on the member screens in ${mode} mode`, async ({ browser }) => {
    test.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await context.addInitScript((value) => localStorage.setItem('colorMode', value), mode);
    const page = await context.newPage();
    const check = async (path: string) => {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('main h1')).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const severe = results.violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map((violation) => `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
      expect(severe, severe.join('\n')).toEqual([]);
    };
    for (const path of signedOutScreens) await check(path);
    await signInAsDemoMember(page);
    await page.waitForURL(/\/account\/$/);
    for (const path of memberScreens) await check(path);
    await context.close();
  });
}
