import { expect, test } from '@playwright/test';
import { expectNoHorizontalOverflow, expectPostersLoaded } from './helpers';

test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

test.describe('phone width (375 px)', () => {
  for (const path of ['/', '/movies/', '/showtimes/', '/theaters/', '/no-such-page/']) {
    test(`${path} fits the screen with its navigation in reach`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('banner').getByRole('navigation').getByRole('link').first()).toBeVisible();
      await expect(page.getByTestId('theater-picker')).toBeVisible();
      await expect(page.getByTestId('colour-mode-toggle')).toBeVisible();
      await expectNoHorizontalOverflow(page);
    });
  }

  test('the movie list shows two posters a row', async ({ page }) => {
    await page.goto('/movies/');
    await expectPostersLoaded(page);
    const boxes = await page.getByTestId('movie-card').evaluateAll((cards) =>
      cards.slice(0, 2).map((card) => card.getBoundingClientRect()),
    );
    expect(boxes[0]?.top).toBe(boxes[1]?.top);
    expect(boxes[0]?.width ?? 0).toBeGreaterThan(140);
  });

  test('sold-out showtimes offer no calendar entry', async ({ page }) => {
    await page.goto('/movies/');
    await page.getByTestId('movie-card').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('li[data-availability="available"] [data-testid="add-to-calendar"]').first()).toBeAttached();
    await expect(page.locator('li[data-availability="sold-out"] [data-testid="add-to-calendar"]')).toHaveCount(0);
  });

  test('a movie page fits the screen', async ({ page }) => {
    await page.goto('/movies/');
    await page.getByTestId('movie-card').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoHorizontalOverflow(page);
  });
});
