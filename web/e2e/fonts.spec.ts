import { expect, test } from '@playwright/test';
import { expectHydrated } from './helpers';

// The demo theme sets its body in Lato (400, 400i, 700) and its headings in Montserrat
// (600, 700), self-hosted from fontsource.
const THEATER = '/theaters/101-marquee-riverfront/';

test.describe('theme fonts', () => {
  test('a published page paints in the fallback faces and fetches the web fonts after its first paint', async ({ page }) => {
    await page.goto(THEATER);
    // The fallback faces are in the head; the fonts themselves are named nowhere there
    // (a font named in the head holds the browser's first paint until it arrives).
    expect(await page.locator('head style[data-theme]').textContent()).toContain('font-family:Montserrat fallback');
    expect(await page.locator('head link[rel="preload"][as="font"]').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.fonts.check('700 16px Montserrat') && document.fonts.check('16px Lato'))).toBe(true);
    const [firstPaint, firstFont] = await page.evaluate(() => [
      performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('.woff2'))?.startTime,
    ]);
    expect(firstPaint).toBeDefined();
    expect(firstFont).toBeGreaterThan(firstPaint ?? Infinity);
  });

  test('without scripts the font style sheets load from a noscript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const fonts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname);
    });
    await page.goto(THEATER);
    expect(await page.locator('head noscript link[rel="stylesheet"]').count()).toBeGreaterThan(0);
    // Without a script, the text is set in the theme's fonts.
    await expect.poll(() => page.evaluate(() => document.fonts.check('700 16px Montserrat') && document.fonts.check('16px Lato'))).toBe(true);
    expect(await page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^Montserrat, "Montserrat fallback"/);
    // Only the families the theme names, in woff2.
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/^\/assets\/(lato|montserrat)-[\w-]+\.woff2$/);
    await context.close();
  });

  test('the swap to the web fonts does not move the page', async ({ page }) => {
    // The fonts are held back until the page has painted in the fallback faces.
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route(/\.woff2$/, (route) => (holding ? held.push(() => route.continue()) : route.continue()));
    await page.addInitScript(() => {
      const shifted = window as unknown as { layoutShift: number };
      shifted.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) shifted.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(THEATER, { waitUntil: 'domcontentloaded' });
    await expectHydrated(page);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.fonts.check('700 16px Montserrat'))).toBe(false);
    const before = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    holding = false;
    await Promise.all(held.map((release) => release()));
    await expect.poll(() => page.evaluate(() => document.fonts.check('700 16px Montserrat') && document.fonts.check('16px Lato'))).toBe(true);
    // Two frames for the browser to lay the page out again and report any shift.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const after = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
    // Without the fallback faces this swap shifts the theater page by about 0.16.
    expect(after - before).toBeLessThan(0.01);
  });
});
