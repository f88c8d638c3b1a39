import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from './helpers';
import { readMail } from './gateways';

// The single-location bundle: The Bijou, loyalty version 1 (RTS) with activation required,
// on its own gateway (the port after E2E_PORT).
const port = Number(process.env.E2E_PORT ?? 8090) + 1;

async function signIn(page: Page, email: string, password: string, search = '') {
  await page.goto(`/members/${search}`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the single-location site shows its one theater and no theater chooser', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('site-name')).toHaveText('The Bijou');
  await expect(page.getByRole('combobox', { name: 'Your theater' })).toHaveCount(0);
  // No theater list: the menu leads to the theater's own page.
  await expect(page.locator('a[href="/theaters/"]')).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Visit us' }).click();
  await expect(page).toHaveURL(/\/theaters\/201-the-bijou\/$/);
  await expect(page.getByRole('main')).toContainText('The Bijou');
  await expect(page.getByTestId('member-access')).toHaveText('Members');
});

test('a new member registers, activates with the e-mailed code, signs in and is handed to ticketing (version 1)', async ({ page }) => {
  test.setTimeout(90_000);
  const email = `bijou-${Date.now()}@example.com`;
  const password = 'Balcony#1927';

  await page.goto('/account/register/');
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Mobile number').fill('401 555 0199');
  await page.getByRole('button', { name: 'Create my account' }).click();
  // The e-mail address is handed to the activation screen, never put in its address.
  await expect(page).toHaveURL(/\/account\/activate\/$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expectNoSeriousViolations(page);

  // Not active yet: the catalogue says so.
  await signIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText('Your account is not activated (Code: 26)');

  const code = readMail(port, email, /activation code is (\w+)/);
  if (!code) throw new Error(`no activation code was mailed to ${email}`);
  await page.goto(`/account/activate/?email=${encodeURIComponent(email)}`);
  await expect(page).toHaveURL(/\/account\/activate\/$/);
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Activation code').fill(code);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByText('Your membership is active.')).toBeVisible();

  await signIn(page, email, password, '?return=sales%2F201%2Fbook%3Fperfcode%3DB7&utm_source=e2e');
  const overlay = page.getByRole('dialog', { name: 'You will be redirected in a few seconds...' });
  await expect(overlay).toContainText('You will be redirected in a few seconds...');
  await expect(overlay.getByRole('status')).toBeVisible();
  const fallback = overlay.getByRole('link', { name: 'Click here if it does not work' });
  // The token is added when the link is followed, never written into the page.
  await expect(fallback).toHaveAttribute('href', /\/ticketing-sandbox\/sales\/201\/book\?perfcode=B7$/);
  const started = Date.now();
  await page.waitForURL(/\/ticketing-sandbox\/sales\/201\/book/, { timeout: 15_000 });
  expect(Date.now() - started).toBeGreaterThan(3_000);
  await expect(page.getByTestId('sandbox-method')).toHaveText('GET');
  await expect(page.locator('td[data-name="perfcode"]')).toHaveText('B7');
  await expect(page.locator('td[data-name="token"]')).not.toBeEmpty();
});

// The hand-off's own invalid-token rule: use-ticketing-hand-off.test.tsx and, on the demo
// chain, ticketing-hand-off.spec.ts. Here the first refresh already refuses a session the
// provider does not know.
test('a session the provider refuses is cleared by the first refresh, and no hand-off starts', async ({ page, context }) => {
  await context.addCookies([
    {
      name: 'loyaltySession',
      value: encodeURIComponent(JSON.stringify({ token: 'forged', refreshToken: 'forged', cypherVersion: 1, memberId: 'x' })),
      url: `http://127.0.0.1:${port}`,
    },
  ]);
  await page.goto('/members/?return=sales%2F201%2Fbook');
  // The refresh refuses the forged session: the cookie goes, the member is a guest, still
  // on the login page.
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'loyaltySession'))
    .toBeUndefined();
  await expect(page.getByTestId('member-access')).toHaveText('Members');
  await expect(page).toHaveURL(/\/members\/\?return=sales%2F201%2Fbook$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the round buttons of the consent banner stay rounded rectangles when they wrap', async ({ page }) => {
    await page.goto('/');
    const buttons = page.getByTestId('consent-banner').getByRole('button');
    await expect(buttons.first()).toBeVisible();
    const shapes = await buttons.evaluateAll((elements) =>
      elements.map((element) => ({
        radius: parseFloat(getComputedStyle(element).borderTopLeftRadius),
        height: element.getBoundingClientRect().height,
      })),
    );
    for (const { radius, height } of shapes) expect(radius).toBeLessThanOrEqual(height / 2 + 1);
  });
});
