import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { ACCOUNT_SCREENS, paths, type AccountScreen } from '../src/config/paths';
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

// The sign-in page, the member area's overview and every member screen (ACCOUNT_SCREENS),
// in both colour modes, with every axe rule: signed out, the screens open to guests and the
// overview (which asks a guest to sign in), then all of them signed in as the demo member.
const GUEST_SCREENS: ReadonlySet<AccountScreen> = new Set([
  'register',
  'activate',
  'forgot-password',
  'forgot-username',
  'reset-password',
  'gift-card',
  'e-vouchers',
]);

/** The screen's address; the reset screen as the mailed link opens it, with its code. */
function screenPath(screen: AccountScreen): string {
  return paths.accountScreen.build(screen, screen === 'reset-password' ? [['resetCode', 'abc']] : []);
}

const signedOutPaths = ['/sign-in/', paths.account.build(), ...[...GUEST_SCREENS].map(screenPath)];
const signedInPaths = ['/sign-in/', paths.account.build(), ...ACCOUNT_SCREENS.map(screenPath)];

for (const mode of ['light', 'dark'] as const) {
  test(`no serious or critical accessibility violation on the member screens in ${mode} mode`, async ({ browser }) => {
    // Every member screen in turn, each waited to rest: at the suite's start, beside the
    // contract fuzzer on two cores, one mode took over three minutes (2026-11-30).
    test.setTimeout(300_000);
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    await context.addInitScript((value) => localStorage.setItem('colorMode', value), mode);
    const page = await context.newPage();
    const severe: string[] = [];
    const check = async (path: string) => {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.locator('main h1')).toBeVisible();
      // The screen as the member reads it: its data in, no spinner left.
      await expect(page.getByRole('main').getByRole('status', { name: 'Loading…' })).toHaveCount(0);
      const results = await new AxeBuilder({ page }).analyze();
      severe.push(
        ...results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`),
      );
    };
    for (const path of signedOutPaths) await check(path);
    await signInAsDemoMember(page);
    await page.waitForURL(/\/account\/$/);
    for (const path of signedInPaths) await check(path);
    expect(severe, severe.join('\n')).toEqual([]);
    await context.close();
  });
}
