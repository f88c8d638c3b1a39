import { expect, test, type Page } from '@playwright/test';
import { getJson, signInAsDemoMember as signIn } from './helpers';

// Buying a ticket from a showtime, and the hand-off's invalid-token rule
// (docs/loyalty.md#ticketing-hand-off). The e2e gateways run embedded, so TICKETING_SANDBOX
// is on: every ticketing link leads to the sandbox standing in for the chain's ticketing
// site, which shows what it got.

// Requests to /api/cypher are intercepted below; the service worker would hide them.
test.use({ serviceWorkers: 'block' });

const SESSION_HEADER = 'boxoffice-session-token';

type TheaterJson = { id: string; code: string; path?: string; slug?: string };
type ShowtimeJson = { theaterId: string; perfCode: string; ticketingUrl?: string; soldOut?: boolean };


/** The member's session token, as the session cookie keeps it. */
async function sessionToken(page: Page): Promise<string | undefined> {
  const cookie = (await page.context().cookies()).find((entry) => entry.name === 'loyaltySession');
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { token?: string }).token : undefined;
}

/** The answer to the next GetMember call: the session refresh has read the member. */
function memberRead(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/cypher') && Boolean(response.request().postData()?.includes('/Member/v3/GetMember/')),
  );
}

/**
 * Opens the first theater's page; answers its first showtime's ticket link and the codes
 * the catalogue gives that showtime, which the sandbox must show.
 */
async function openTheFirstTheater(page: Page) {
  const [theater] = await getJson<TheaterJson[]>(page.request, '/api/v1/theaters');
  if (!theater) throw new Error('the demo chain has no theater');
  const showtimes = await getJson<ShowtimeJson[]>(page.request, `/api/v1/showtimes?theaterId=${theater.id}`);
  await page.goto(theater.path ?? `/theaters/${theater.id}-${theater.slug}/`);
  const ticket = page.getByRole('link', { name: /^Tickets for / }).first();
  const href = await ticket.getAttribute('href');
  const showtime = showtimes.find((entry) => entry.ticketingUrl === href);
  expect(showtime, `a showtime of the theater books at ${href}`).toBeDefined();
  return { ticket, theaterCode: theater.code, perfCode: showtime?.perfCode ?? '' };
}

async function expectTheSandboxShows(page: Page, { theaterCode, perfCode }: { theaterCode: string; perfCode: string }) {
  await expect(page).toHaveURL(/\/ticketing-sandbox\/sales\//);
  await expect(page.getByText("a stand-in for the chain's ticketing site")).toBeVisible();
  await expect(page.getByTestId('sandbox-theater-code')).toHaveText(theaterCode);
  await expect(page.getByTestId('sandbox-perf-code')).toHaveText(perfCode);
}

test('a visitor buying from a showtime lands on the ticketing sandbox with its theater and performance codes', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const booking = await openTheFirstTheater(page);
  await booking.ticket.click();
  await expectTheSandboxShows(page, booking);
  await expect(page.getByTestId('sandbox-method')).toHaveText('GET');
  await expect(page.locator('td[data-name="sessionToken"]')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/ticketing-sandbox-from-showtime-phone.png', fullPage: true });
});

test('a signed-in member buying from a showtime brings the session token along', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/account\/$/);
  // The page's session refresh rotates the token; the link carries the member's current one.
  const refreshed = memberRead(page);
  const booking = await openTheFirstTheater(page);
  await refreshed;
  const token = await sessionToken(page);
  expect(token).toBeTruthy();
  await booking.ticket.click();
  await expectTheSandboxShows(page, booking);
  // BOOST_POS names the token's parameter sessionToken (README "The member area and the ticketing hand-off").
  await expect(page.locator('td[data-name="sessionToken"]')).toHaveText(token ?? '');
});

test("a member's hand-off from the member area arrives at the ticketing site signed in", async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/account\/$/);
  // The page's session refresh rotates the token; the link carries the member's current one.
  const refreshed = memberRead(page);
  await page.reload();
  await refreshed;
  const token = await sessionToken(page);
  expect(token).toBeTruthy();
  // The hand-off page /loyaltycredit/ redirects to the ticketing site: the token goes with it.
  await page.getByRole('link', { name: 'Buy loyalty credit' }).click();
  await expect(page).toHaveURL(/\/ticketing-sandbox\/loyaltycredit\?/);
  await expect(page.locator('td[data-name="sessionToken"]')).toHaveText(token ?? '');
});

test('a token refused during the hand-off signs the member out and leads to the login page, query kept', async ({ page }) => {
  await signIn(page);
  await expect(page).toHaveURL(/\/account\/$/);
  // On the next page the session refresh reads the member with the new token, then the
  // hand-off validates that token again: the provider ends the session in between.
  const readsByToken = new Map<string, number>();
  await page.route('**/api/cypher', async (route) => {
    const request = route.request();
    const call = request.postDataJSON() as { reqMetadata?: { route?: string } };
    const token = request.headers()[SESSION_HEADER];
    if (token && call.reqMetadata?.route?.startsWith('/Member/v3/GetMember/')) {
      const reads = (readsByToken.get(token) ?? 0) + 1;
      readsByToken.set(token, reads);
      if (reads === 2) {
        const logout = await page.request.post('/api/cypher', {
          data: { reqMetadata: { method: 'POST', route: '/Member/v3/Logout' } },
          headers: { [SESSION_HEADER]: token },
        });
        expect(logout.ok()).toBe(true);
      }
    }
    await route.continue();
  });
  const search = '?return=sales%2F101%2Fbook%3Fperfcode%3DP1&utm_source=e2e';
  await page.goto(`/movies/${search}`);
  await expect(page).toHaveURL(`/sign-in/${search}`);
  await expect(page.getByTestId('member-access')).toHaveText('Sign in');
  expect(await sessionToken(page)).toBeUndefined();
  expect([...readsByToken.values()]).toContain(2);
});
