import { expect, test } from '@playwright/test';
import { getJson } from './helpers';

type SettingsJson = { settings?: { loginPage?: { slug?: string }; privacyPolicyPage?: { slug?: string } } };

test.describe('content pages and permalinks', () => {
  test('the privacy-policy and login-page slugs of the settings are pages of one template', async ({ page, request }) => {
    const site = await getJson<SettingsJson>(request, '/api/v1/site');
    const slugs = [site.settings?.privacyPolicyPage?.slug, site.settings?.loginPage?.slug];
    for (const slug of slugs) {
      expect(slug).toBeTruthy();
      const response = await page.goto(`/${slug}/`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(page.locator('main article')).toBeVisible();
    }
  });

  test('the footer leads to the privacy policy', async ({ page, request }) => {
    const site = await getJson<SettingsJson>(request, '/api/v1/site');
    await page.goto('/');
    // The consent banner sits over the bottom of the page until it is answered.
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page.getByTestId('consent-banner')).toBeHidden();
    // On this US chain the ads run from the first page: let their slots settle first.
    await expect(page.locator('#HeaderPromoContainer')).toBeAttached();
    await page.waitForLoadState('networkidle');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy' }).click();
    await expect(page).toHaveURL(new RegExp(`/${site.settings?.privacyPolicyPage?.slug}/$`));
    await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  });

  test('/permalink/movie/{id} and deeper /movies/ paths land on the movie page', async ({ page }) => {
    for (const path of ['/permalink/movie/1004', '/movies/1004-velocity/cast/']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/movies\/1004-velocity\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Velocity' })).toBeVisible();
    }
  });

  test('a server error page is its own address', async ({ page }) => {
    await page.goto('/500.html');
    await expect(page.getByTestId('server-error')).toBeVisible();
  });
});
