import { expect, test, type Page } from '@playwright/test';
import { readMail } from './gateways';
import { analyticsTag, DEMO_MEMBER } from './helpers';

// Secrets never leave the site (issue 28): the e-mailed reset link carries its code in
// the address, and the demo chain (under CCPA) runs its trackers from the first page,
// before any choice. The code leaves the address before any tracker loads: no request to
// another host carries it, no script of another host can read it from `location`, and
// the data layer holds the page's path without it.
const port = Number(process.env.E2E_PORT ?? 8090);

// The site's own requests are seen by the page: the service worker would take them.
test.use({ serviceWorkers: 'block' });

type ThirdPartyLog = { requests: string[]; texts: string[] };

/**
 * Answers every request to another host (those hosts cannot be reached from the test
 * machine) with a script that notes the address of the page it runs on, and logs each
 * request with what it sends: its address, its body and its referrer.
 */
async function watchOtherHosts(page: Page, origin: string): Promise<ThirdPartyLog> {
  const log: ThirdPartyLog = { requests: [], texts: [] };
  await page.context().route(
    (url) => url.origin !== origin,
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/javascript',
        body: 'window.seenByOtherHosts = [...(window.seenByOtherHosts || []), location.href];',
      }),
  );
  page.on('request', (request) => {
    if (new URL(request.url()).origin === origin) return;
    log.requests.push(request.url());
    log.texts.push(request.url(), request.postData() ?? '', request.headers().referer ?? '');
  });
  return log;
}

const seenByOtherHosts = (page: Page) =>
  page.evaluate(() => (window as Window & { seenByOtherHosts?: string[] }).seenByOtherHosts ?? []);

/** The data layer as text: its entries, gtag's argument lists among them. */
const dataLayerText = (page: Page) =>
  page.evaluate(() =>
    JSON.stringify((window as Window & { dataLayer?: unknown[] }).dataLayer ?? [], (_key, value: unknown) =>
      // gtag pushes Arguments objects, which JSON would write as objects of their indexes.
      Object.prototype.toString.call(value) === '[object Arguments]' ? Array.from(value as ArrayLike<unknown>) : value,
    ),
  );

const mailedResetLink = () => readMail(port, DEMO_MEMBER.email, /(http\S+reset-password\S+)/);

test('the mailed reset code reaches no other host and no data layer, and still resets the password', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const log = await watchOtherHosts(page, new URL(baseURL ?? '').origin);
  const earlierLink = mailedResetLink();
  await page.goto('/account/forgot-password/');
  await page.getByLabel('Email').fill(DEMO_MEMBER.email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText('a reset link is on its way')).toBeVisible();
  await expect.poll(mailedResetLink).not.toBe(earlierLink);
  const link = mailedResetLink() ?? '';
  const code = new URL(link).searchParams.get('resetCode') ?? '';
  expect(code).not.toBe('');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  // The trackers have loaded and the analytics tag has had the page view (its queue is
  // handed over every 3 s).
  await expect.poll(() => log.requests.some((url) => analyticsTag.test(url))).toBe(true);
  await expect.poll(() => seenByOtherHosts(page)).not.toEqual([]);
  await expect.poll(() => dataLayerText(page), { timeout: 15_000 }).toContain('"event","page_view"');
  expect(await dataLayerText(page)).toContain(`${new URL(link).origin}/account/reset-password/`);

  expect(await dataLayerText(page)).not.toContain(code);
  expect((await seenByOtherHosts(page)).filter((address) => address.includes(code))).toEqual([]);
  expect(log.texts.filter((text) => text.includes(code))).toEqual([]);

  // The screen still has the code: the password changes (to the same one: other tests
  // sign the demo member in with it).
  await page.getByLabel('New password', { exact: true }).fill(DEMO_MEMBER.password);
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
});
