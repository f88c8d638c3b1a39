import { expect, test, type Page } from '@playwright/test';
import { serveSiteAt } from './helpers';

// The site builder is an allowed embedding domain of the demo bundle. Playwright serves
// a builder page that frames the site, the site itself under a public name (Chromium
// keeps public pages from framing local addresses), and a stranger's frame beside it.
const BUILDER = 'https://builder.marqueecinemas.example';
const SITE = 'https://www.marqueecinemas.example';
const STRANGER = 'https://evil.example';

type BuilderWindow = Window & { received: unknown[] };

async function openBuilder(page: Page) {
  await serveSiteAt(page.context(), SITE, test.info().project.use.baseURL ?? '');
  await page.context().route(`${STRANGER}/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>stranger</title><script>
        addEventListener('message', (event) => {
          parent.frames[0].postMessage(event.data, '*');
          parent.postMessage({ type: 'forwarded' }, '*');
        });
      </script>`,
    }),
  );
  await page.context().route(`${BUILDER}/`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>builder</title>
        <script>window.received = []; addEventListener('message', (event) => window.received.push(event.data));</script>
        <iframe id="site" src="${SITE}/" style="width:1000px;height:700px"></iframe>
        <iframe id="stranger" src="${STRANGER}/"></iframe>`,
    }),
  );
  await page.goto(`${BUILDER}/`);
  await expect
    .poll(() => page.evaluate(() => (window as unknown as BuilderWindow).received))
    .toContainEqual({ type: 'lifeCycle', lifeCycle: 'mounted' });
  const frame = page.frameLocator('#site');
  const primary = () =>
    frame.locator('html').evaluate((html) => getComputedStyle(html).getPropertyValue('--color-primary').trim().toLowerCase());
  await expect.poll(primary).toBe('#c8102e');
  return { frame, primary };
}

/** Posts `message` to the site from the frame `from` (the builder itself, or the stranger's frame). */
async function post(page: Page, from: 'builder' | 'stranger', message: unknown) {
  await page.evaluate(
    ({ from, message }) => {
      const site = (document.getElementById('site') as HTMLIFrameElement).contentWindow;
      const stranger = (document.getElementById('stranger') as HTMLIFrameElement).contentWindow;
      if (from === 'builder') site?.postMessage(message, '*');
      else stranger?.postMessage(message, '*');
    },
    { from, message },
  );
}

test.describe('live customisation', () => {
  test('the builder frame gets "mounted" and restyles the site live', async ({ page }) => {
    const { frame, primary } = await openBuilder(page);
    await post(page, 'builder', { type: 'colorScheme', colorScheme: { primary: '#0055aa' } });
    await post(page, 'builder', { type: 'logoSize', logoSize: 'large' });
    await post(page, 'builder', { type: 'footerMobileLinks', footerMobileLinks: true });
    await post(page, 'builder', { type: 'font', font: { target: 'heading', name: 'Playfair Display', weights: ['700'] } });
    await expect.poll(primary).toBe('#0055aa');
    await expect(frame.locator('html')).toHaveAttribute('data-logo-size', 'large');
    await expect(frame.locator('html')).toHaveAttribute('data-footer-mobile-links', 'true');
    await expect
      .poll(() => frame.locator('html').evaluate((html) => getComputedStyle(html).getPropertyValue('--font-heading')))
      .toContain('Playfair Display');
  });

  test('a font the builder picks is loaded in the weights it names, and only then', async ({ page }) => {
    const { frame } = await openBuilder(page);
    const faces = (family: string) =>
      frame.locator('html').evaluate(
        (_, family) => [...new Set([...document.fonts].filter((face) => face.family === family).map((face) => `${face.weight} ${face.style}`))],
        family,
      );
    expect(await faces('Oswald')).toEqual([]);
    await post(page, 'builder', { type: 'font', font: { target: 'heading', name: 'Oswald', weights: ['500'] } });
    await expect.poll(() => faces('Oswald')).toEqual(['500 normal']);
    await expect.poll(() => frame.locator('h1').first().evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^Oswald, "Oswald fallback"/);
    await expect.poll(() => frame.locator('html').evaluate(() => document.fonts.check('500 16px Oswald'))).toBe(true);
    // Open Sans Condensed is Open Sans's variable font, narrowed on its width axis.
    await post(page, 'builder', { type: 'font', font: { target: 'body', name: 'Open Sans Condensed', weights: ['400', '700i'] } });
    await expect.poll(() => faces('Open Sans Variable')).toEqual(['300 800 normal', '300 800 italic']);
    expect(await frame.locator('body').evaluate((body) => getComputedStyle(body).getPropertyValue('font-stretch'))).toBe('75%');
  });

  test('messages from an origin that is not allowed are ignored', async ({ page }) => {
    const { frame, primary } = await openBuilder(page);
    await post(page, 'stranger', { type: 'colorScheme', colorScheme: { primary: '#0055aa' } });
    // The stranger's message reaches the site before the builder's next one, which applies.
    await expect.poll(() => page.evaluate(() => (window as unknown as BuilderWindow).received)).toContainEqual({ type: 'forwarded' });
    await post(page, 'builder', { type: 'logoSize', logoSize: 'large' });
    await expect(frame.locator('html')).toHaveAttribute('data-logo-size', 'large');
    expect(await primary()).toBe('#c8102e');
  });

  test.afterEach(async ({ page }) => {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
