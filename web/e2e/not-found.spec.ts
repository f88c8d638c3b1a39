import { expect, test } from '@playwright/test';

test.describe('not found', () => {
  for (const path of ['/no-such-page/', '/movies/999999-nothing-here/', '/movies/a/b/c/', '/404.html']) {
    test(`${path} shows the 404 page`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByTestId('not-found')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
      await expect(page.locator('#modal-root')).toHaveCount(1);
    });
  }

  test('leads back home', async ({ page }) => {
    await page.goto('/no-such-page/');
    await page.getByTestId('not-found').getByRole('link').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('hero')).toBeVisible();
  });
});
