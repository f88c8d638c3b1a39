import { expect, test } from '@playwright/test';
import { expectPostersLoaded, getJson, type SiteJson, type TheaterJson } from './helpers';

test.describe('home page', () => {
  test('shows the site name from the settings in the header and the title', async ({ page, request }) => {
    const site = await getJson<SiteJson>(request, '/api/v1/site');
    const name = site.config?.name ?? '';
    expect(name).not.toBe('');
    await page.goto('/');
    await expect(page.getByTestId('site-name')).toHaveText(name);
    await expect(page).toHaveTitle(name);
  });

  test('offers every theater of the chain in the picker', async ({ page, request }) => {
    const theaters = await getJson<TheaterJson[]>(request, '/api/v1/theaters');
    expect(theaters).toHaveLength(3);
    await page.goto('/');
    const options = page.getByTestId('theater-picker').locator('option:not([disabled])');
    await expect(options).toHaveCount(3);
    await expect(options).toHaveText(theaters.map((theater) => theater.name ?? ''));
  });

  test('remembers the chosen theater for 30 days in the selectedTheaterId cookie', async ({ page, context, request }) => {
    const theaters = await getJson<TheaterJson[]>(request, '/api/v1/theaters');
    const chosen = theaters[1];
    if (!chosen) throw new Error('the demo chain has fewer than two theaters');
    await page.goto('/');
    await page.getByTestId('theater-picker').selectOption(chosen.id);
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'selectedTheaterId');
    expect(cookie?.value).toBe(chosen.id);
    expect(cookie?.path).toBe('/');
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    await page.reload();
    await expect(page.getByTestId('theater-picker')).toHaveValue(chosen.id);
  });

  test('shows a hero and now-showing posters that load', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByTestId('hero')).toBeVisible();
    await expect(page.getByTestId('hero').getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(page.getByTestId('now-showing').getByTestId('movie-card').first()).toBeVisible();
    await expectPostersLoaded(page, '[data-testid="now-showing"] [data-testid="movie-card"] img');
  });

  test('paints the hero with the first screen, with no loading spinner before it', async ({ page }) => {
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.querySelector('main [role="status"]')) Object.assign(window, { spinnerSeen: true });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/');
    await expect(page.getByTestId('hero')).toBeVisible();
    expect(await page.evaluate(() => 'spinnerSeen' in window)).toBe(false);
  });

  test('has the frame on every page: navigation, footer links and the modal root', async ({ page, request }) => {
    const site = await getJson<SiteJson>(request, '/api/v1/site');
    await page.goto('/');
    const nav = page.getByRole('banner').getByRole('navigation');
    await expect(nav.getByRole('link')).toHaveCount(4);
    await expect(page.locator('#modal-root')).toHaveCount(1);
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(site.config?.name ?? '');
    if (site.settings?.socialLinks?.length) {
      await expect(footer.getByTestId('social-links').getByRole('link')).toHaveCount(site.settings.socialLinks.length);
      await expect(footer.getByTestId('social-links').getByRole('link').first()).toHaveAttribute('target', '_blank');
    }
    if (site.settings?.appLinks?.length) {
      await expect(footer.getByTestId('app-links').getByRole('link')).toHaveCount(site.settings.appLinks.length);
    }
    await page.goto('/movies/');
    await expect(page.locator('#modal-root')).toHaveCount(1);
  });

  test('the theater chooser remembers the choice, shows what plays there and lists events', async ({ page, context, request }) => {
    const theaters = await getJson<TheaterJson[]>(request, '/api/v1/theaters');
    const chosen = theaters[2];
    if (!chosen) throw new Error('the demo chain has fewer than three theaters');
    const playing = await getJson<Array<{ id: string }>>(request, `/api/v1/movies?theaterId=${chosen.id}&playWeek=CURRENT_PLAYWEEK`);
    await page.goto('/');
    await expect(page.getByTestId('home-events').getByRole('link').first()).toBeVisible();
    const chooser = page.getByTestId('theater-chooser');
    await chooser.getByRole('button', { name: new RegExp(chosen.name ?? '') }).click();
    await expect(chooser.getByRole('button', { pressed: true })).toContainText(chosen.name ?? '');
    await expect(page.getByTestId('theater-picker')).toHaveValue(chosen.id);
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'selectedTheaterId');
    expect(cookie?.value).toBe(chosen.id);
    await expect(page.getByTestId('now-showing').getByTestId('movie-card')).toHaveCount(playing.length);
  });
});
