import { expect, test, type Page } from '@playwright/test';
import { expectHydrated } from './helpers';

// docs/pages-and-links.md#page-loading-and-errors: a page load is retried up to 3 times;
// then a missing page goes to /404.html and a server error to /500.html. A published page
// brings its data in its HTML, so the loads tried here are those of a page reached from
// another in the browser, which fetches the page's data file.
/** The home page, hydrated, then the events page by its link. */
async function openEventsFromHome(page: Page) {
  await page.goto('/');
  await expectHydrated(page);
  await page.getByRole('banner').getByRole('navigation').getByRole('link', { name: 'Events' }).click();
}

test.describe('page load failures', () => {
  // Requests a service worker makes are out of reach of page.route.
  test.use({ serviceWorkers: 'block' });

  test('a server error after the retries leads to /500.html', async ({ page }) => {
    let calls = 0;
    await page.route('**/page-data/events/page-data.json', (route) => {
      calls += 1;
      return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"down"}}' });
    });
    await openEventsFromHome(page);
    await expect(page).toHaveURL(/\/500\.html$/, { timeout: 20_000 });
    await expect(page.getByTestId('server-error')).toBeVisible();
    expect(calls).toBe(4);
  });

  test('the page stands when the code of its footer, ads and consent layer fails to load', async ({ page }) => {
    await page.route(/\/assets\/(site-footer|third-party-layer)-[^/]*\.js$/, (route) => route.abort());
    await page.goto('/theaters/');
    await expect(page.getByTestId('theater-card').first()).toBeVisible();
    await expect(page.getByTestId('site-name')).toBeVisible();
  });

  test('a missing page is not retried and leads to /404.html', async ({ page }) => {
    let calls = 0;
    await page.route('**/page-data/events/page-data.json', (route) => {
      calls += 1;
      return route.fulfill({ status: 404, contentType: 'application/json', body: '{"error":{"code":"not_found","message":"gone"}}' });
    });
    await openEventsFromHome(page);
    await expect(page).toHaveURL(/\/404\.html$/);
    await expect(page.getByTestId('not-found')).toBeVisible();
    expect(calls).toBe(1);
  });

  test('a page chunk that fails once is loaded again', async ({ page }) => {
    let failures = 0;
    await page.route(/\/assets\/theaters-[^/]+\.js$/, (route) => {
      if (failures === 0) {
        failures += 1;
        return route.abort();
      }
      return route.continue();
    });
    await page.goto('/theaters/');
    await expect(page.getByTestId('theater-card').first()).toBeVisible();
    // The server's markup shows at once; the chunk is asked for when the page hydrates.
    await expectHydrated(page);
    expect(failures).toBe(1);
  });
});
