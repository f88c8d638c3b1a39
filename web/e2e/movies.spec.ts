import { expect, test } from '@playwright/test';
import { expectHydrated, expectPostersLoaded, getJson, type MovieJson } from './helpers';

test.describe('movie list', () => {
  test('lists every movie of the bundle with its poster', async ({ page, request }) => {
    const movies = await getJson<MovieJson[]>(request, '/api/v1/movies');
    expect(movies.length).toBeGreaterThanOrEqual(15);
    await page.goto('/movies/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('movie-card')).toHaveCount(movies.filter((movie) => movie.playWeek).length);
    expect(await expectPostersLoaded(page)).toBe(movies.filter((movie) => movie.playWeek).length);
  });

  test('filters by play week', async ({ page, request }) => {
    const current = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
    expect(current.length).toBeGreaterThan(0);
    await page.goto('/movies/');
    await page.locator('a[href="/movies/?playWeek=CURRENT_PLAYWEEK"]').click();
    await expect(page).toHaveURL(/playWeek=CURRENT_PLAYWEEK/);
    await expect(page.getByTestId('movie-card')).toHaveCount(current.length);
    await expect(page.getByTestId('movie-card').first()).toContainText(current[0]?.title ?? '');
  });

  test('links each card to the movie page at /movies/{id}-{slug}/', async ({ page, request }) => {
    const movies = await getJson<MovieJson[]>(request, '/api/v1/movies');
    await page.goto('/movies/');
    await expect(page.getByTestId('movie-card')).toHaveCount(movies.filter((movie) => movie.playWeek).length);
    const hrefs = await page
      .getByTestId('movie-card')
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of hrefs) expect(href).toMatch(/^\/movies\/[^/]+-[^/]+\/$/);
    const withPath = movies.filter((movie) => movie.path && movie.playWeek);
    for (const movie of withPath) expect(hrefs).toContain(movie.path);
  });
});

test('back to the movie list returns to where it was left, from a page shorter than that', async ({ page }) => {
  await page.goto('/movies/');
  // The app keeps the position from hydration on: a link followed before it is a full
  // page load, which the browser restores its own way.
  await expectHydrated(page);
  await page.getByTestId('movie-card').last().scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(300);
  // The about page is too short to be scrolled that far: a restoration made before the
  // list is back on screen stops at its foot. Clicked where it is (the consent banner
  // covers the footer, and a scroll to it would move the position being kept).
  await page.getByRole('contentinfo').getByRole('link', { name: 'About us' }).evaluate((link) => (link as HTMLElement).click());
  await expect(page).toHaveURL(/\/about\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/movies\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);
  await page.goForward();
  await expect(page).toHaveURL(/\/about\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe('movie detail', () => {
  test('shows poster, synopsis, facts and showtimes of the movie', async ({ page, request }) => {
    const [movie] = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
    if (!movie) throw new Error('the demo bundle has no movie showing now');
    const response = await page.goto(movie.path ?? `/movies/${movie.id}-${movie.slug}/`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(movie.title ?? '');
    await expect(page).toHaveTitle(new RegExp(`^${(movie.title ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\| `));
    await expectPostersLoaded(page, 'main img');
    await expect(page.getByTestId('showtime-schedule')).toBeVisible();
    const times = page.getByTestId('showtime-schedule').getByRole('link');
    expect(await times.count()).toBeGreaterThan(0);
    // The e2e gateways run embedded: the ticketing sandbox stands in for the ticketing site.
    await expect(times.first()).toHaveAttribute('href', /^\/ticketing-sandbox\/sales\/[^/]+\/book\?perfcode=/);
  });

  test('shows the showtimes a day at a time, the day kept in the address', async ({ page, request }) => {
    const [movie] = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
    await page.goto(movie?.path ?? '/movies/');
    await page.getByTestId('showtime-schedule').waitFor();
    const days = page.getByRole('navigation', { name: 'Choose a day' }).getByRole('link');
    expect(await days.count()).toBeGreaterThan(1);
    await expect(days.first()).toHaveAttribute('aria-current', 'date');
    const second = (await days.nth(1).textContent()) ?? '';
    await days.nth(1).click();
    await expect(page).toHaveURL(/\?date=\d{4}-\d{2}-\d{2}$/);
    await expect(days.nth(1)).toHaveAttribute('aria-current', 'date');
    await expect(page.getByTestId('showtime-schedule').getByRole('heading', { level: 3 })).toHaveText(second);
  });

  test('gets there from a card of the home page', async ({ page }) => {
    await page.goto('/');
    const card = page.getByTestId('now-showing').getByTestId('movie-card').first();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    await card.getByRole('link').click();
    await expect(page).toHaveURL(/\/movies\/[^/]+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
});
