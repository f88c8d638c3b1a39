import { expect, test, type Page } from '@playwright/test';
import { DEMO_MEMBER, expectNoSeriousViolations } from './helpers';

// Two sites on one gateway (docs/architecture.md#sites): the e2e gateway imports every bundle of
// site/ (SITES_DIR), so the demo chain is served at demo.localhost and The Bijou at
// single.localhost (Chromium resolves *.localhost to loopback). One browser visits both.
const port = Number(process.env.E2E_PORT ?? 8090);
const demo = `http://demo.localhost:${port}`;
const single = `http://single.localhost:${port}`;

/** The site's primary colour, as its theme sets it. */
async function primaryColour(page: Page): Promise<string> {
  return page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim().toLowerCase());
}

test('two sites in one browser, each with its own name, theme, pages and links', async ({ page }) => {
  await page.goto(`${demo}/`);
  await expect(page.getByTestId('site-name')).toHaveText('Marquee Cinemas');
  const demoColour = await primaryColour(page);

  await page.goto(`${single}/`);
  await expect(page.getByTestId('site-name')).toHaveText('The Bijou');
  expect(await primaryColour(page)).not.toBe(demoColour);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${single}/`);
  await expectNoSeriousViolations(page);

  await page.goto(`${single}/theaters/201-the-bijou/`);
  await expect(page.getByRole('main')).toContainText('The Bijou');
  await expect(page.getByRole('main')).not.toContainText('Marquee Riverfront');
  // A page of the demo chain is no page of The Bijou's. (The browser, not Node, resolves
  // *.localhost: the requests go through the page.)
  const theater = await page.goto(`${single}/theaters/101-marquee-riverfront/`);
  expect(theater?.status()).toBe(404);
  const sitemap = (await (await page.goto(`${single}/sitemap.xml`))?.text()) ?? '';
  expect(sitemap).toContain(`<loc>${single}/</loc>`);
  expect(sitemap).not.toContain('demo.localhost');
  expect(sitemap).not.toContain('127.0.0.1');
});

test("a member of one site is nobody on the other, and its session cookie is refused there", async ({ page, context }) => {
  await page.goto(`${demo}/sign-in/`);
  await page.getByLabel('Email').fill(DEMO_MEMBER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\/$/);
  const session = (await context.cookies(demo)).find((cookie) => cookie.name === 'loyaltySession');
  expect(session).toBeDefined();
  // Cookies are the host's: The Bijou's pages do not see the demo's session.
  expect((await context.cookies(single)).find((cookie) => cookie.name === 'loyaltySession')).toBeUndefined();

  // The same e-mail address and password are no member of The Bijou.
  await page.goto(`${single}/members/`);
  await page.getByLabel('Email').fill(DEMO_MEMBER.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('(Code: 29)');

  // The demo's session carried to The Bijou by hand is refused there and cleared.
  await context.addCookies([{ name: 'loyaltySession', value: session?.value ?? '', url: single }]);
  await page.goto(`${single}/members/`);
  await expect
    .poll(async () => (await context.cookies(single)).find((cookie) => cookie.name === 'loyaltySession'))
    .toBeUndefined();
  await expect(page.getByTestId('member-access')).toHaveText('Members');
  // ...and still signs the member in on the demo chain.
  await page.goto(`${demo}/account/`);
  await expect(page.getByTestId('member-points')).toHaveText(/\d/);
});
