import { test } from '@playwright/test';
import { screenshotPage } from './helpers';

// Pictures of the member screens for a person to look at (web/test-results/screenshots/,
// not committed): phone and desktop, light and dark, signed in as the demo member.
const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

const memberPages = [
  ['account', '/account/'],
  ['rewards', '/account/rewards/'],
  ['cards', '/account/cards/'],
  ['history', '/account/history/'],
  ['watchlist', '/account/watchlist/'],
  ['theaters', '/account/theaters/'],
  ['alerts', '/account/alerts/'],
  ['profile', '/account/profile/'],
] as const;

for (const size of sizes) {
  for (const mode of ['light', 'dark'] as const) {
    test(`member screenshots ${size.name} ${mode}`, async ({ browser }) => {
      test.setTimeout(180_000);
      const context = await browser.newContext({ viewport: size.viewport, baseURL: test.info().project.use.baseURL });
      await context.addInitScript((value) => localStorage.setItem('colorMode', value), mode);
      const page = await context.newPage();
      const shoot = (name: string) => screenshotPage(page, `member-${name}-${size.name}-${mode}`);
      await page.goto('/sign-in/', { waitUntil: 'networkidle' });
      // The consent banner would cover the screens: answer it once.
      await page.getByRole('button', { name: 'Accept' }).click();
      await shoot('sign-in');
      await page.goto('/account/register/', { waitUntil: 'networkidle' });
      await shoot('register');
      await page.goto('/sign-in/');
      await page.getByLabel('Email').fill('demo@marqueecinemas.example');
      await page.getByLabel('Password', { exact: true }).fill('Popcorn#2024');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/account\/$/);
      for (const [name, path] of memberPages) {
        await page.goto(path, { waitUntil: 'networkidle' });
        await shoot(name);
      }
      // A coming film: the watchlist button's note, then the alerts offer once it is added.
      await page.goto('/movies/1019-frostbound/', { waitUntil: 'networkidle' });
      await shoot('coming-film');
      if ((await page.getByTestId('watchlist-button').getAttribute('aria-pressed')) !== 'true') {
        await page.getByTestId('watchlist-button').click();
        await page.getByTestId('alerts-offer').waitFor({ timeout: 5_000 }).catch(() => undefined);
        await shoot('alerts-offer');
      }
      await context.close();
    });
  }
}
