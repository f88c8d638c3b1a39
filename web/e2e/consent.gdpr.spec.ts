import { expect, test } from '@playwright/test';
import { adLibrary, analyticsTag, logRequests, offSiteLoads } from './helpers';

// docs/consent-and-ads.md#consent-state on the demo chain set in Ireland
// (playwright.config.ts, project gdpr): under GDPR nothing third-party runs before the
// visitor's choice; accepting lets analytics and ads load, rejecting keeps them out on
// every later page. The first-party banner is the consent manager (no notice id) and stores
// each choice as a receipt.

// How far the page's clock is run ahead before nothing off-site may have loaded: past
// the ad configuration debounce and the analytics queue drain.
const SETTLE_MS = 3_500;

test.describe('consent under GDPR', () => {
  test('nothing third-party loads and no ad space is held before a choice', async ({ context, page, baseURL }) => {
    const log = await logRequests(context, page, baseURL ?? '');
    await page.clock.install();
    await page.goto('/');
    const banner = page.getByTestId('consent-banner');
    await expect(banner).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Reject all' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Accept all' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Do not sell or share my personal information' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(SETTLE_MS);
    expect(await offSiteLoads(page, log)).toEqual([]);
    await expect(page.getByTestId('header-ad-band')).toHaveCount(0);
    await expect(page.locator('#HeaderPromoContainer')).toHaveCount(0);
    expect(log.receipts).toEqual([]);
  });

  test('accepting lets analytics and ads load, and the choice is stored', async ({ context, page, baseURL }) => {
    const log = await logRequests(context, page, baseURL ?? '');
    await page.goto('/');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Accept all' }).click();
    await expect(page.getByTestId('consent-banner')).toBeHidden();
    await expect.poll(() => log.receipts).toEqual([201]);
    await expect.poll(() => log.thirdParty.some((url) => analyticsTag.test(url))).toBe(true);
    await expect.poll(() => log.thirdParty.some((url) => adLibrary.test(url))).toBe(true);
  });

  test('rejecting keeps every tracker and ad out, on later pages too', async ({ context, page, baseURL }) => {
    const log = await logRequests(context, page, baseURL ?? '');
    await page.clock.install();
    await page.goto('/');
    await page.getByTestId('consent-banner').getByRole('button', { name: 'Reject all' }).click();
    await expect(page.getByTestId('consent-banner')).toBeHidden();
    await expect.poll(() => log.receipts).toEqual([201]);
    await page.getByRole('banner').getByRole('link', { name: 'Theaters' }).click();
    await expect(page.getByTestId('theater-card').first()).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('theater-card').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.clock.runFor(SETTLE_MS);
    expect(await offSiteLoads(page, log)).toEqual([]);
    await expect(page.getByTestId('consent-banner')).toHaveCount(0);
    await expect(page.locator('#HeaderPromoContainer')).toHaveCount(0);
  });
});
