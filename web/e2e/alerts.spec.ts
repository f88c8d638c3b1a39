import { expect, test } from '@playwright/test';
import { ingestKey, readMail } from './gateways';
import { expectHydrated, expectNoSeriousViolations, getJson } from './helpers';

// docs/loyalty.md#alerts: a member adds a coming film to the watchlist and turns alerts on
// from the offer beside the button; the point of sale gives the film its first showtime;
// the member finds the e-mail, whose one-click link turns on-sale alerts off without
// signing in. The site's service worker shows an alert's push message as a notification.

type ShowtimeJson = {
  perfCode: string;
  movieId: string;
  date: string;
  startsAt: string;
  auditorium: string;
  format: string;
  attributes: string[];
  language: string;
  availability: string;
};
type MovieJson = { id: string; title: string; path: string };

const port = Number(process.env.E2E_PORT ?? 8090);
// Frostbound: a coming film the demo schedules nowhere.
const COMING = '1019';
const THEATER = '102';
const PASSWORD = 'Popcorn#2024';

test('a member turns alerts on from the watchlist and hears of the first showtime by e-mail', async ({
  page,
  request,
}) => {
  const email = `alerts-${Date.now()}@example.com`;
  const created = await request.post('/api/cypher', {
    data: { reqMetadata: { method: 'POST', route: '/Member/v3/Create' }, username: email, password: PASSWORD },
  });
  expect(((await created.json()) as { peachCode: number }).peachCode).toBe(0);
  await page.goto('/sign-in/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account\//);

  const movie = await getJson<MovieJson>(request, `/api/v1/movies/${COMING}`);
  await page.goto(movie.path);
  await expectHydrated(page);
  await expect(page.getByTestId('watchlist-alert-note')).toContainText(/tickets go on sale/i);
  await page.getByTestId('watchlist-button').click();
  const offer = page.getByTestId('alerts-offer');
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: 'Turn on alerts' }).click();
  await expect(offer.getByRole('status')).toContainText("Alerts are on: we'll e-mail you.");
  await expectNoSeriousViolations(page);

  await page.goto('/account/alerts/');
  await expect(page.getByLabel('Tickets go on sale for a film on my watchlist')).toBeChecked();
  await expect(page.getByLabel('By e-mail')).toBeChecked();
  await expectNoSeriousViolations(page);

  // The point of sale adds the film to the theater's last day of the week, the day's
  // other showtimes kept; they are put back as they were at the end.
  const authorization = { Authorization: `Bearer ${ingestKey(port, 'demo')}` };
  const last = (await getJson<ShowtimeJson[]>(request, `/api/v1/showtimes?theaterId=${THEATER}`)).at(-1);
  if (!last) throw new Error(`theater ${THEATER} has no showtime this week`);
  const day = last.date;
  const existing = (
    await getJson<ShowtimeJson[]>(request, `/api/v1/showtimes?theaterId=${THEATER}&from=${day}&to=${day}`)
  ).map(({ perfCode, movieId, startsAt, auditorium, format, attributes, language, availability }) => ({
    perfCode,
    movieId,
    startsAt,
    auditorium,
    format,
    attributes,
    language,
    availability,
  }));
  const schedule = (showtimes: object[]) =>
    request.put(`/api/v1/ingest/theaters/${THEATER}/showtimes?from=${day}&to=${day}`, {
      headers: authorization,
      data: { showtimes },
    });
  const first = { perfCode: 'E2E-ALERT', movieId: COMING, startsAt: `${day}T23:40`, seatsAvailable: 90, seatsTotal: 100 };
  const pushed = await schedule([...existing, first]);
  expect(pushed.status(), await pushed.text()).toBe(200);
  try {
    await expect
      .poll(() => readMail(port, email, /Subject: (Tickets are on sale: [^\r\n]+)/), { timeout: 15_000 })
      .toBe(`Tickets are on sale: ${movie.title}`);
    const pageLink = readMail(port, email, /(http\S+\/movies\/\S+\?theaterId=\S+)/);
    expect(pageLink).toContain(`${movie.path}?theaterId=${THEATER}`);
    const unsubscribe = readMail(port, email, /List-Unsubscribe: <([^>]+)>/);
    if (!unsubscribe) throw new Error('no List-Unsubscribe header');
    expect(readMail(port, email, /(List-Unsubscribe-Post: List-Unsubscribe=One-Click)/)).toBeDefined();

    // A mail client's one click, with no session: on-sale alerts off, last chances kept.
    const clicked = await request.post(unsubscribe.replace(/^https?:\/\/[^/]+/, ''), {
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status()).toBe(200);
    expect(await clicked.json()).toEqual({ kind: 'on-sale' });
    await page.reload();
    await expect(page.getByLabel('Tickets go on sale for a film on my watchlist')).not.toBeChecked();
    await expect(page.getByLabel("It is my last chance: a film's last showtime at my theater is within three days")).toBeChecked();
  } finally {
    expect((await schedule(existing)).status()).toBe(200);
  }
});

test("the site's service worker shows an alert's push message as a notification", async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await page.goto('/theaters/');
  await expect
    .poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL))
    .toMatch(/\/sw\.js$/);
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => registrations.push(...event.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.some((registration) => !registration.isDeleted)).toBe(true);
  const registration = registrations.find((found) => !found.isDeleted);
  if (!registration) throw new Error('no service worker registration');
  const origin = new URL(page.url()).origin;
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: registration.registrationId,
    data: JSON.stringify({
      title: 'Tickets on sale: Frostbound',
      body: 'At Marquee Riverfront, from Friday, December 4 at 8:00 PM',
      url: `/movies/${COMING}-frostbound/?theaterId=101`,
      tag: 'e2e-batch',
    }),
  });
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((shown) => ({
          title: shown.title,
          body: shown.body,
          tag: shown.tag,
          url: (shown.data as { url?: string } | null)?.url,
        })),
      ),
    )
    .toEqual([
      {
        title: 'Tickets on sale: Frostbound',
        body: 'At Marquee Riverfront, from Friday, December 4 at 8:00 PM',
        tag: 'e2e-batch',
        url: `/movies/${COMING}-frostbound/?theaterId=101`,
      },
    ]);
});
