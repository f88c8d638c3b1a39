import { expect, test } from '@playwright/test';
import { ingestKey } from './gateways';
import { expectHydrated, getJson } from './helpers';

// docs/ingest.md#ingest-api: a chain's point of sale writes the catalogue through the ingest
// API, and the site shows what it wrote with no restart, sold-out marks included.

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
type MovieJson = { id: string; path: string };

const port = Number(process.env.E2E_PORT ?? 8090);
const THEATER = '103';
const PERF_CODE = 'E2E-4711';

test('a pushed showtime is on the movie page, and once sold out is marked so on the next load', async ({
  page,
  request,
}) => {
  const authorization = { Authorization: `Bearer ${ingestKey(port, 'demo')}` };
  // The week's last day, so that the show pushed at 23:47 has not started whenever the
  // test runs.
  const last = (await getJson<ShowtimeJson[]>(request, `/api/v1/showtimes?theaterId=${THEATER}`)).at(-1);
  if (!last) throw new Error(`theater ${THEATER} has no showtime this week`);
  const day = last.date;
  const movie = await getJson<MovieJson>(request, `/api/v1/movies/${last.movieId}`);
  // The call replaces the theater's day: the day's showtimes go back as they are, with
  // one more at 23:47.
  const existing = await getJson<ShowtimeJson[]>(
    request,
    `/api/v1/showtimes?theaterId=${THEATER}&from=${day}&to=${day}`,
  );
  const showtimes = [
    ...existing.map(({ perfCode, movieId, startsAt, auditorium, format, attributes, language, availability }) => ({
      perfCode,
      movieId,
      startsAt,
      auditorium,
      format,
      attributes,
      language,
      availability,
    })),
    { perfCode: PERF_CODE, movieId: last.movieId, startsAt: `${day}T23:47`, auditorium: '9', format: '70mm', seatsAvailable: 80, seatsTotal: 100 },
  ];
  const pushed = await request.put(`/api/v1/ingest/theaters/${THEATER}/showtimes?from=${day}&to=${day}`, {
    headers: authorization,
    data: { showtimes },
  });
  expect(pushed.status(), await pushed.text()).toBe(200);

  const moviePage = `${movie.path}?date=${day}`;
  const booking = page.locator(`a[href*="perfcode=${PERF_CODE}"]`);
  await expect(async () => {
    await page.goto(moviePage);
    await expect(booking).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(booking).toContainText('70mm');

  const sold = await request.post('/api/v1/ingest/availability', {
    headers: authorization,
    data: { updates: [{ theaterId: THEATER, perfCode: PERF_CODE, seatsAvailable: 0 }] },
  });
  expect(sold.status(), await sold.text()).toBe(200);
  const soldOut = page.locator('li[data-availability="sold-out"]').filter({ hasText: '11:47' });
  await expect(async () => {
    await page.goto(moviePage);
    await expectHydrated(page);
    await expect(soldOut).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(soldOut).toContainText('Sold out');
  await expect(booking).toHaveCount(0);
});
