import { expect, test, type Page } from '@playwright/test';
import { expectHydrated } from './helpers';

// A link followed inside the app leads where a full load of its address leads: the
// gateway's redirects (to a movie's page), its 404s, and its files.

type FooterLink = { label: string; to: string };

/**
 * The site's settings with `links` added to the footer's, as the page receives them: in
 * the document (the shell of an unpublished page carries the app data) or fetched.
 */
async function withFooterLinks(page: Page, links: FooterLink[]) {
  const extra = JSON.stringify(links).slice(1, -1);
  await page.route((url) => url.pathname === '/search/', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = await response.text();
    expect(html).toContain('"footerLinks":[');
    await route.fulfill({ response, body: html.replace('"footerLinks":[', `"footerLinks":[${extra},`) });
  });
  await page.route('**/page-data/app-data.json', async (route) => {
    const response = await route.fetch();
    const appData = (await response.json()) as { site?: { settings?: { footerLinks?: FooterLink[] } } };
    const settings = appData.site?.settings;
    if (settings) settings.footerLinks = [...links, ...(settings.footerLinks ?? [])];
    await route.fulfill({ response, json: appData });
  });
}

const links = {
  permalink: { label: 'Velocity, lasting link', to: '/permalink/movie/1004' },
  deeper: { label: 'Velocity, its cast', to: '/movies/1004-velocity/cast/' },
  bareId: { label: 'Velocity, by id', to: '/movies/1004/' },
  noScreen: { label: 'No such member screen', to: '/account/no-such-screen/' },
  noMovie: { label: 'No such movie', to: '/permalink/movie/999999' },
  sitemap: { label: 'Sitemap', to: '/sitemap.xml' },
};

/** Opens a page of the app with the links in its footer, marking the document to tell a full load. */
async function openWithLinks(page: Page) {
  await page.goto('/search/');
  await expectHydrated(page);
  await page.evaluate(() => {
    (window as Window & { loadedOnce?: boolean }).loadedOnce = true;
  });
}

const sameDocument = (page: Page) => page.evaluate(() => (window as Window & { loadedOnce?: boolean }).loadedOnce === true);

const footerLink = (page: Page, link: FooterLink) => page.getByRole('contentinfo').getByRole('link', { name: link.label });

test.describe('links followed inside the app', () => {
  test.beforeEach(async ({ page }) => {
    await withFooterLinks(page, Object.values(links));
  });

  for (const link of [links.permalink, links.deeper, links.bareId]) {
    test(`${link.to} lands on the movie's page at its own address, without a page load`, async ({ page }) => {
      await openWithLinks(page);
      await footerLink(page, link).click();
      await expect(page).toHaveURL(/\/movies\/1004-velocity\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Velocity' })).toBeVisible();
      expect(await sameDocument(page)).toBe(true);
    });
  }

  for (const link of [links.noScreen, links.noMovie]) {
    test(`${link.to} shows the 404 page`, async ({ page }) => {
      await openWithLinks(page);
      await footerLink(page, link).click();
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${link.to}/?$`));
      expect(await sameDocument(page)).toBe(true);
    });
  }

  test('a link to a file is a full page load, answered by the server', async ({ page }) => {
    await openWithLinks(page);
    const load = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === links.sitemap.to);
    await footerLink(page, links.sitemap).click();
    await load;
    await expect(page).toHaveURL(/\/sitemap\.xml$/);
  });
});
