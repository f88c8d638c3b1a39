import { expect, test } from '@playwright/test';
import { adLibrary, adsContainer, analyticsTag, logRequests, offSiteLoads } from './helpers';

// docs/consent-and-ads.md#consent-banner on the demo, a US chain: under CCPA/CPRA analytics
// and ads run from the first page until the visitor opts out (the banner, the footer link
// or the Global Privacy Control signal); after that nothing third-party leaves the page.
// GDPR's nothing-before-a-choice: consent.gdpr.spec.ts. Third-party hosts cannot be reached
// from the test machine, so their requests are answered here and logged.

// How far the page's clock is run ahead before nothing off-site may have loaded.
const SETTLE_MS = 3_500;

test.describe('consent', () => {
  test('on a US chain (CCPA) trackers and ads run from the first page, before any choice', async ({ context, page, baseURL }) => {
    const log = await logRequests(context, page, baseURL ?? '');
    await page.goto('/');
    // The banner informs; the regime, not a click, decides.
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    await expect.poll(() => log.thirdParty.some((url) => analyticsTag.test(url))).toBe(true);
    await expect.poll(() => log.thirdParty.some((url) => adsContainer.test(url))).toBe(true);
    await expect.poll(() => log.thirdParty.some((url) => adLibrary.test(url))).toBe(true);
    await expect(page.locator('#HeaderPromoContainer')).toBeAttached();
    await expect(page.locator('#PulsePromoContainer')).toBeAttached();
    expect(log.receipts).toEqual([]);
  });

  test('the Global Privacy Control signal is an opt-out: nothing third-party loads', async ({ context, page, baseURL }) => {
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
    const log = await logRequests(context, page, baseURL ?? '');
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByTestId('consent-banner')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Past the ad configuration debounce and the analytics queue drain.
    await page.clock.runFor(SETTLE_MS);
    expect(await offSiteLoads(page, log)).toEqual([]);
    await expect(page.locator('#HeaderPromoContainer')).toHaveCount(0);
  });

  test('the choice is remembered: the next visit loads trackers without asking', async ({ context, page, baseURL }) => {
    const log = await logRequests(context, page, baseURL ?? '');
    await page.goto('/');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept', exact: true }).click();
    await page.reload();
    await expect.poll(() => log.thirdParty.some((url) => analyticsTag.test(url))).toBe(true);
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
  });

  test('"Do not sell or share" stops every tracker and ad, and the footer link re-opens the choice by keyboard', async ({
    context,
    page,
    baseURL,
  }) => {
    const log = await logRequests(context, page, baseURL ?? '');
    await page.clock.install();
    await page.goto('/');
    await expect.poll(() => log.thirdParty.some((url) => analyticsTag.test(url))).toBe(true);
    const banner = page.getByTestId('consent-banner');
    const doNotSell = banner.getByRole('button', { name: 'Do not sell or share my personal information' });
    await expect(doNotSell).toBeEnabled();
    await doNotSell.focus();
    await page.keyboard.press('Enter');
    await expect(banner).toBeHidden();
    await expect.poll(() => log.receipts).toEqual([201]);
    await expect(page.locator('#HeaderPromoContainer')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    const before = await offSiteLoads(page, log);
    // Later pages load nothing more.
    await page.getByRole('banner').getByRole('link', { name: 'Theaters' }).click();
    await expect(page.getByTestId('theater-card').first()).toBeVisible();
    await page.clock.runFor(SETTLE_MS);
    expect((await offSiteLoads(page, log)).filter((url) => !before.includes(url))).toEqual([]);
    await expect(page.locator('#HeaderPromoContainer')).toHaveCount(0);

    const footerLink = page.getByRole('contentinfo').getByRole('button', { name: 'Do not sell or share my personal information' });
    await footerLink.focus();
    await page.keyboard.press('Enter');
    await expect(banner).toBeVisible();
    await expect(banner).toBeFocused();
  });

  test('when the ad library cannot load, the slots give their space back', async ({ context, page, baseURL }) => {
    const origin = new URL(baseURL ?? '').origin;
    await context.route(
      (url) => url.origin !== origin,
      (route) => (adLibrary.test(route.request().url()) ? route.abort() : route.fulfill({ status: 200, body: '' })),
    );
    await page.goto('/');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept', exact: true }).click();
    await expect(page.locator('#HeaderPromoContainer')).toBeAttached();
    await expect(page.locator('#HeaderPromoContainer')).toHaveCount(0);

    // The next page of the visit reserves no space it would only give back.
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.getElementById('HeaderPromoContainer')) Object.assign(window, { headerSlotSeen: true });
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/movies/');
    await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/wrapper.js')))).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => 'headerSlotSeen' in window)).toBe(false);
  });

  for (const library of ['loads', 'fails'] as const) {
    test(`the header's ads take a band held from the first paint: nothing shifts when the library ${library}`, async ({ context, page, baseURL }) => {
      const origin = new URL(baseURL ?? '').origin;
      await context.route(
        (url) => url.origin !== origin,
        (route) =>
          library === 'fails' && adLibrary.test(route.request().url())
            ? route.abort()
            : route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }),
      );
      await page.addInitScript(() => {
        const shifts: Array<{ value: number; hadRecentInput: boolean }> = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) shifts.push(entry as unknown as (typeof shifts)[number]);
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto('/');
      await expect(page.getByTestId('header-ad-band')).toBeAttached();
      await expect(page.locator('#HeaderPromoContainer')).toHaveCount(library === 'loads' ? 1 : 0);
      // Once the library has loaded or failed, the band has its final size.
      await expect
        .poll(() =>
          page.evaluate(
            (library) =>
              library === 'loads'
                ? performance.getEntriesByType('resource').some((entry) => entry.name.endsWith('/wrapper.js'))
                : sessionStorage.getItem('adLibraryFailed') === 'true',
            library,
          ),
        )
        .toBe(true);
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const shift = await page.evaluate(() =>
        (window as unknown as { layoutShifts: Array<{ value: number; hadRecentInput: boolean }> }).layoutShifts
          .filter((entry) => !entry.hadRecentInput)
          .reduce((total, entry) => total + entry.value, 0),
      );
      expect(shift).toBeLessThan(0.01);
      expect((await page.getByTestId('header-ad-band').boundingBox())?.height).toBeGreaterThanOrEqual(100);
    });
  }
});
