import { test } from '@playwright/test';
import { getJson, screenshotPage, type MovieJson } from './helpers';

// Pictures of every page for a person to look at (web/test-results/screenshots/,
// not committed): phone and desktop, light and dark.
const sizes = [
  { name: 'phone', viewport: { width: 375, height: 812 } },
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
] as const;

for (const size of sizes) {
  for (const mode of ['light', 'dark'] as const) {
    test(`screenshots ${size.name} ${mode}`, async ({ browser, request }) => {
      // Every kind of page, each shot twice.
      test.setTimeout(240_000);
      const [movie] = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
      const [event] = await getJson<Array<{ path?: string }>>(request, '/api/v1/events');
      const [theater] = await getJson<Array<{ id: string; slug?: string }>>(request, '/api/v1/theaters');
      const context = await browser.newContext({ viewport: size.viewport, baseURL: test.info().project.use.baseURL });
      await context.addInitScript((value) => localStorage.setItem('colorMode', value), mode);
      const page = await context.newPage();
      // The consent banner as a first visit shows it, then answered, as a visitor would,
      // so that it does not cover the pages below.
      await page.goto('/', { waitUntil: 'networkidle' });
      await page.screenshot({ path: `test-results/screenshots/consent-banner-${size.name}-${mode}.png` });
      await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept', exact: true }).click();
      const pages = [
        ['home', '/'],
        ['movies', '/movies/'],
        ['movies-filtered', '/movies/?theaterId=101&attribute=Localization.Version.Original'],
        ['movie', movie?.path ?? '/movies/'],
        ['theaters', '/theaters/'],
        ['theater', `/theaters/${theater?.id}-${theater?.slug}/`],
        ['showtimes', '/showtimes/'],
        ['events', '/events/'],
        ['event', event?.path ?? '/events/'],
        ['not-found', '/no-such-page/'],
        ['server-error', '/500.html'],
      ] as const;
      for (const [name, path] of pages) {
        // Posters load lazily; idle network means the ones in view have arrived.
        await page.goto(path, { waitUntil: 'networkidle' });
        await screenshotPage(page, `${name}-${size.name}-${mode}`);
      }
      await context.close();
    });
  }
}
