import { expect, test } from '@playwright/test';
import { serveSiteAt } from './helpers';

test.describe('service worker', () => {
  test('registers /sw.js on a local address and shows visited pages offline', async ({ page, context }) => {
    await page.goto('/theaters/');
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
    // The first visit happened before the worker took control; this one goes through it.
    await page.reload();
    await expect(page.getByTestId('theater-card').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    // The footer, consent and ads code loads after the page: let it reach the cache too.
    await page.waitForLoadState('networkidle');

    await context.setOffline(true);
    await page.reload();
    // Offline, every cached response is looked up first: slower on a loaded machine.
    await expect(page.getByTestId('theater-card').first()).toBeVisible({ timeout: 15_000 });
    await context.setOffline(false);
  });

  test('is not registered on an insecure origin, with the SPEC message', async ({ page }) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(message.text()));
    // The same server under a name that is neither localhost nor HTTPS.
    await serveSiteAt(page.context(), 'http://cinema.test', test.info().project.use.baseURL ?? '');
    await page.goto('http://cinema.test/');
    await expect(page.getByTestId('site-name')).toBeVisible();
    await expect.poll(() => messages).toContain('Service workers can only be used over HTTPS, or on localhost for development');
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
