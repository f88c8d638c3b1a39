import { expect, test, type Page } from '@playwright/test';
import { OTHER_BRAND, readMail } from './gateways';
import { expectNoSeriousViolations, getJson, type MovieJson } from './helpers';

// A new member of the demo chain (BOOST_POS, version 3, no activation), from joining to
// deleting the account; the 'brand' project runs it again on a gateway whose LOYALTY_BRAND
// is not the default.

/** The port of the gateway under test, whose data directory holds its e-mails. */
function gatewayPort(baseURL: string | undefined): number {
  return Number(new URL(baseURL ?? 'http://127.0.0.1:8090').port);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/sign-in/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a new member joins, edits the profile, keeps favourites and cards, resets the password and deletes the account', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  const email = `e2e-${Date.now()}@example.com`;
  const password = 'Matinee#2026';

  await page.goto('/account/register/');
  await expectNoSeriousViolations(page);
  await page.getByLabel('First name').fill('Ada<');
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await page.getByLabel('Last name').fill('Lovelace');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('weak');
  await expect(page.getByTestId('password-rules')).toContainText('At least 8 characters');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Your password is not strong enough')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Mobile number').fill('401 555 0100');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/account\/$/);
  await expect(page.getByText('Hello, Ada')).toBeVisible();

  // The same address cannot join twice.
  await page.evaluate(() => (document.cookie = 'loyaltySession=; max-age=0; path=/'));
  await page.goto('/account/register/');
  await page.getByLabel('First name').fill('Ada');
  await page.getByLabel('Last name').fill('Again');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Mobile number').fill('401 555 0100');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('alert')).toContainText('This email is already associated to a member (Code:');

  // Profile. The member's calls carry the session in the site's brand's header.
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/account\/$/);
  const brand = test.info().project.name === 'brand' ? OTHER_BRAND : 'boxoffice';
  const memberCall = page.waitForRequest(
    (call) => call.url().endsWith('/api/cypher') && Boolean(call.postData()?.includes('/Member/v3/GetMember/')),
  );
  await page.goto('/account/profile/');
  expect((await memberCall).headers()[`${brand.toLowerCase()}-session-token`]).toBeTruthy();
  await page.getByLabel('Last name').fill('Byron');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Your profile is saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Byron');

  // Watchlist from a movie page, then the list.
  const [movie] = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
  await page.goto(movie?.path ?? '/movies/');
  const watchlistButton = page.getByTestId('watchlist-button');
  await watchlistButton.click();
  await expect(watchlistButton).toHaveAttribute('aria-pressed', 'true');
  // Its name starts with the text it shows, listed or not (axe's label-content-name-mismatch).
  await expect(watchlistButton).toHaveAccessibleName(/^On your watchlist: /);
  await expectNoSeriousViolations(page);
  await page.goto('/account/watchlist/');
  await expect(page.getByTestId('watchlist-film')).toHaveCount(1);
  await expectNoSeriousViolations(page);

  // Favourite theater with its newsletter.
  await page.goto('/account/theaters/');
  const theater = page.getByTestId('favourite-theater').first();
  await theater.getByRole('button', { name: /^Add to favorites: / }).click();
  const newsletter = theater.getByRole('checkbox', { name: 'Newsletter' });
  await expect(newsletter).toBeChecked();
  // Enabled once the favourite is saved; the box then follows the press at once.
  await expect(newsletter).toBeEnabled();
  await newsletter.uncheck();
  await expect(newsletter).not.toBeChecked();
  await page.reload();
  await expect(page.getByTestId('favourite-theater').first().getByRole('checkbox', { name: 'Newsletter' })).not.toBeChecked();
  await expectNoSeriousViolations(page);

  // Cards: add (upper-cased), report lost, delete.
  await page.goto('/account/cards/');
  await page.getByLabel('Card number').fill('e2ecard01');
  await page.getByRole('button', { name: 'Add card' }).click();
  const card = page.getByTestId('loyalty-card').filter({ hasText: 'E2ECARD01' });
  await expect(card).toContainText('Active');
  // Each step that cannot be undone asks first: Escape keeps the card as it was.
  const lost = page.getByRole('button', { name: 'Report my cards lost' });
  await lost.click();
  const confirm = page.getByRole('dialog', { name: 'Report your cards lost?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(lost).toBeFocused();
  await expect(card).toContainText('Active');
  await lost.click();
  await confirm.getByRole('button', { name: 'Report lost' }).click();
  await expect(card).toContainText('Reported lost');
  await card.getByRole('button', { name: 'Remove card E2ECARD01' }).click();
  await page.getByRole('dialog', { name: 'Remove card E2ECARD01?' }).getByRole('button', { name: 'Remove card' }).click();
  await expect(card).toHaveCount(0);

  // Sign out through the '#loyalty-logout' link, then reset the password from the e-mail.
  await page.getByRole('main').getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByText('Sign in to see your points')).toBeVisible();
  await page.goto('/account/forgot-password/');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send the reset link' }).click();
  await expect(page.getByText('a reset link is on its way')).toBeVisible();
  const link = readMail(gatewayPort(baseURL), email, /(http\S+reset-password\S+)/);
  if (!link) throw new Error(`no reset link was mailed to ${email}`);
  await page.goto(link);
  const newPassword = 'Encore#2027';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
  await signIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText('(Code: 31)');
  await signIn(page, email, newPassword);
  await expect(page).toHaveURL(/\/account\/$/);

  // Delete the account, after confirming.
  await page.goto('/account/delete-account/');
  const remove = page.getByRole('button', { name: 'Delete my account' });
  await expect(remove).toBeDisabled();
  await page.getByRole('checkbox').check();
  await remove.click();
  await page.getByRole('dialog', { name: 'Delete your account for good?' }).getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/$/);
  await signIn(page, email, newPassword);
  await expect(page.getByRole('alert')).toContainText('Code:');
});

test('a member who joined at the box office registers, is found, sets a password by e-mail and signs in', async ({ page, baseURL }) => {
  // Seeded without a web account (svc-loyalty seed.rs): docs/loyalty.md#registration.
  const email = 'boxoffice@marqueecinemas.example';
  const password = 'Trailer#2026';
  await signIn(page, email, password);
  await expect(page.getByRole('alert')).toContainText('(Code: 29)');

  await page.goto('/account/register/');
  await page.getByLabel('First name').fill('Bo');
  await page.getByLabel('Last name').fill('Office');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Mobile number').fill('401 555 0188');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByRole('status')).toContainText(`We have e-mailed ${email} a link`);
  await expectNoSeriousViolations(page);

  const link = readMail(gatewayPort(baseURL), email, /(http\S+reset-password\S+)/);
  if (!link) throw new Error(`no reset link was mailed to ${email}`);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Change my password' }).click();
  await expect(page.getByText('Your password is changed.')).toBeVisible();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/account\/$/);
  await expect(page.getByText('Hello, Bo')).toBeVisible();
  await expect(page.getByTestId('member-points')).toHaveText(/120/);
});
