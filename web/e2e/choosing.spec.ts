import { expect, test } from '@playwright/test';
import { expectHydrated, expectNoSeriousViolations, getJson } from './helpers';

// What a moviegoer chooses with (docs/ingest.md#showtime-attributes): showtime attributes as
// badges, filter chips kept in the address, availability, and site search.

type ShowtimeJson = {
  id: string;
  movieId: string;
  theaterId: string;
  date: string;
  time: string;
  attributes: string[];
  availability: string;
  /** Started: gone from the published pages (late in the evening, today's all are). */
  started: boolean;
};
type TheaterJson = { id: string; slug: string };
type MovieJson = { id: string; path: string };

async function theaterPage(request: Parameters<typeof getJson>[0], theaterId: string) {
  const theater = await getJson<TheaterJson>(request, `/api/v1/theaters/${theaterId}`);
  return `/theaters/${theater.id}-${theater.slug}/`;
}

test.describe('showtimes a moviegoer can choose from', () => {
  test('badges name each attribute, a legend explains them, chips filter and stay in the address', async ({
    page,
    request,
  }) => {
    // The week's last day with one: today's may have started by the time the test runs
    // (a started showing leaves the day's page).
    const captionedThisWeek = await getJson<ShowtimeJson[]>(request, '/api/v1/showtimes?attribute=open-captions');
    const captioned = captionedThisWeek.toSorted((one, other) => other.date.localeCompare(one.date))[0];
    if (!captioned) throw new Error('the demo has no open-caption showing this week');
    const path = await theaterPage(request, captioned.theaterId);
    await page.goto(`${path}?date=${captioned.date}`);
    await expectHydrated(page);

    const showings = page.getByTestId('movie-showtimes').locator('li[data-availability]');
    const captionedShowings = showings.filter({ has: page.locator('[data-attribute="open-captions"]') });
    await expect(captionedShowings.first()).toBeVisible();
    // The badge shows an abbreviation and is read out by its name.
    await expect(captionedShowings.first().locator('[data-attribute="open-captions"]')).toHaveText(/OC\s*Open captions/);
    expect(await showings.count()).toBeGreaterThan(await captionedShowings.count());

    await page.getByText('What the badges mean').click();
    await expect(page.getByTestId('attribute-legend').getByText('Open captions', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);

    const chips = page.getByRole('list', { name: 'Show only showings with' });
    await chips.getByRole('button', { name: 'Open captions' }).click();
    await expect(page).toHaveURL(/attribute=open-captions/);
    await expect(page).toHaveURL(new RegExp(`date=${captioned.date}`));
    await expect(chips.getByRole('button', { name: 'Open captions' })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => showings.count()).toBe(await captionedShowings.count());

    await page.reload();
    await expectHydrated(page);
    await expect(chips.getByRole('button', { name: 'Open captions' })).toHaveAttribute('aria-pressed', 'true');
    await expect(captionedShowings.first()).toBeVisible();
    await expect.poll(() => showings.count()).toBe(await captionedShowings.count());

    await chips.getByRole('button', { name: 'Open captions' }).click();
    await expect(page).not.toHaveURL(/attribute=/);
  });

  test('a shared link with an attribute no showing has says so and keeps its chip to remove', async ({ page }) => {
    await page.goto('/theaters/103-harbor-imax-newport/?attribute=sensory-friendly');
    await expectHydrated(page);
    await expect(page.getByRole('status').filter({ hasText: 'No showings have everything you chose' })).toBeVisible();
    const chip = page.getByRole('list', { name: 'Show only showings with' }).getByRole('button', { name: 'Sensory-friendly' });
    await expect(chip).toHaveAttribute('aria-pressed', 'true');
    await chip.click();
    await expect(page.getByTestId('movie-showtimes')).toBeVisible();
  });

  test('sold-out times are shown but not linked; selling-fast ones say so', async ({ page, request }) => {
    const showtimes = await getJson<ShowtimeJson[]>(request, '/api/v1/showtimes');
    const offered = showtimes.filter((showtime) => !showtime.started);
    const soldOut = offered.find((showtime) => showtime.availability === 'sold-out');
    const sellingFast = offered.find((showtime) => showtime.availability === 'selling-fast');
    if (!soldOut || !sellingFast) throw new Error('the demo lacks a sold-out or a selling-fast showing this week');

    await page.goto(`${await theaterPage(request, soldOut.theaterId)}?date=${soldOut.date}`);
    await expectHydrated(page);
    const full = page.locator('li[data-availability="sold-out"]').first();
    await expect(full).toContainText('Sold out');
    await expect(full.getByRole('link', { name: /^Tickets for/ })).toHaveCount(0);

    await page.goto(`${await theaterPage(request, sellingFast.theaterId)}?date=${sellingFast.date}`);
    await expectHydrated(page);
    const busy = page.locator('li[data-availability="selling-fast"]').first();
    await expect(busy.getByRole('link', { name: /Selling fast/ })).toBeVisible();
  });

  test('the theater page lists its accessibility notes', async ({ page, request }) => {
    const theater = await getJson<TheaterJson & { accessibility: string[] }>(request, '/api/v1/theaters/101');
    await page.goto(await theaterPage(request, '101'));
    const notes = page.getByRole('region', { name: 'Accessibility' }).getByRole('listitem');
    await expect(notes).toHaveText(theater.accessibility);
  });
});

test.describe('site search', () => {
  const field = (page: import('@playwright/test').Page) => page.getByLabel('Search movies, theaters and events');

  test('results as you type, forgiving a typo; arrow keys and Enter open the one chosen', async ({ page, request }) => {
    const velocity = await getJson<MovieJson>(request, '/api/v1/movies/1004');
    await page.goto('/');
    await expectHydrated(page);
    // Typed before the combobox's code is in: it takes the same field over (a phone's
    // keyboard stays up), with what was typed.
    await field(page).evaluate((input) => input.setAttribute('data-first-field', ''));
    await field(page).click();
    await page.keyboard.type('veloc');
    const combobox = page.getByRole('combobox', { name: 'Search movies, theaters and events' });
    await expect(combobox).toBeFocused();
    await expect(combobox).toHaveAttribute('data-first-field', '');
    await combobox.pressSequentially('1ty');
    await expect(combobox).toHaveValue('veloc1ty');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(listbox.getByRole('option').first()).toContainText('Velocity');
    await expect(listbox.getByRole('group', { name: 'Movies' })).toBeVisible();
    await expect(combobox).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('status').filter({ hasText: /results?$/ })).toHaveText(/^\d+ results?$/);
    await expectNoSeriousViolations(page);

    await combobox.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(combobox).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
    await combobox.press('Enter');
    await expect(page).toHaveURL(velocity.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Velocity');
  });

  test('Escape closes the list, then clears; Enter alone opens the results page', async ({ page }) => {
    await page.goto('/movies/');
    await expectHydrated(page);
    await field(page).click();
    const combobox = page.getByRole('combobox', { name: 'Search movies, theaters and events' });
    await combobox.pressSequentially('riverfront');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await combobox.press('Escape');
    await expect(listbox).toBeHidden();
    await expect(combobox).toHaveValue('riverfront');
    await combobox.press('Escape');
    await expect(combobox).toHaveValue('');

    await combobox.pressSequentially('riverfront');
    await combobox.press('Enter');
    await expect(page).toHaveURL(/\/search\/\?q=riverfront$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Theaters' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Marquee Riverfront' })).toBeVisible();
  });

  test('the results page is noindex, works from a shared link and says when nothing matches', async ({ page, request }) => {
    const response = await request.get('/search/?q=velocity');
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<meta name="robots" content="noindex" />');
    await page.goto('/search/?q=velocity');
    await expect(page.getByRole('link', { name: 'Velocity' })).toBeVisible();
    await page.goto('/search/?q=zzqxv');
    await expect(page.getByRole('status')).toHaveText(/Nothing matches “zzqxv”/);
  });

  test('the home page offers the search to search engines as a SearchAction', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1] ?? '{}') as { '@graph'?: Array<Record<string, unknown>> },
    );
    const website = blocks.flatMap((block) => block['@graph'] ?? []).find((node) => node['@type'] === 'WebSite');
    expect(website?.potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: expect.stringMatching(/\/search\/\?q=\{search_term_string\}$/) },
      'query-input': 'required name=search_term_string',
    });
  });
});

test.describe('finding a theater', () => {
  test('a field matches name, city or ZIP code', async ({ page }) => {
    await page.goto('/theaters/');
    await expectHydrated(page);
    const field = page.getByLabel('Find a theater by name, city or ZIP code');
    await field.fill('cranston');
    await expect(page.getByTestId('theater-card')).toHaveCount(1);
    await expect(page.getByTestId('theater-card').getByRole('heading')).toHaveText('Marquee Eastside 12');
    await field.fill('029');
    await expect(page.getByTestId('theater-card')).toHaveCount(2);
    await field.fill('nowhere');
    await expect(page.getByTestId('theater-card')).toHaveCount(0);
    await expect(page.getByTestId('finder-status')).toHaveText('No theater matches “nowhere”.');
  });

  test('"Use my location" asks only when pressed and sorts nearest first with distances', async ({ browser }) => {
    // Warwick, RI: the Cranston theater is nearest.
    const context = await browser.newContext({
      baseURL: test.info().project.use.baseURL,
      geolocation: { latitude: 41.7001, longitude: -71.4162 },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('near=')) asked.push(request.url());
    });
    await page.goto('/theaters/');
    await expectHydrated(page);
    expect(asked).toEqual([]);
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByTestId('finder-status')).toHaveText('Nearest first.');
    await expect(page.getByTestId('theater-card').first().getByRole('heading')).toHaveText('Marquee Eastside 12');
    await expect(page.getByTestId('theater-distance').first()).toHaveText(/^[\d.]+ mi away$/);
    await expectNoSeriousViolations(page);
    expect(asked).toHaveLength(1);
    await context.close();
  });

  test('a refused location gets a clear message and the list stays', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await page.goto('/theaters/');
    await expectHydrated(page);
    // No permission granted: the browser refuses, as for a visitor who says no.
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(page.getByTestId('finder-status')).toHaveText(
      'Your browser did not share your location. Type your city or ZIP code instead.',
    );
    await expect(page.getByTestId('theater-card')).toHaveCount(3);
    await context.close();
  });
});

test.describe('trailers', () => {
  test('play in a dialog, from YouTube only after the visitor agrees, remembered; Escape closes it', async ({ page, request }) => {
    const velocity = await getJson<MovieJson & { trailerUrl: string }>(request, '/api/v1/movies/1004');
    const player: string[] = [];
    await page.route('https://www.youtube-nocookie.com/**', (route) => {
      player.push(route.request().url());
      return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' });
    });
    // With JavaScript off (the published page), the button is a link to the video.
    const html = await (await request.get(velocity.path)).text();
    expect(html).toContain(`href="${velocity.trailerUrl}"`);

    await page.goto(velocity.path);
    await expectHydrated(page);
    const play = page.getByRole('button', { name: 'Play trailer' });
    await play.click();
    const dialog = page.getByRole('dialog', { name: 'Velocity: trailer' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('trailer-consent')).toBeVisible();
    await expect(dialog.getByTestId('trailer-player')).toHaveCount(0);
    expect(player).toEqual([]);
    await expectNoSeriousViolations(page);

    await dialog.getByRole('button', { name: 'Play with YouTube' }).click();
    await expect(dialog.getByTestId('trailer-player')).toHaveAttribute(
      'src',
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/R6MlUcmOul8\?autoplay=1/,
    );
    await expect.poll(() => player.length).toBe(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(play).toBeFocused();

    await page.reload();
    await expectHydrated(page);
    await page.getByRole('button', { name: 'Play trailer' }).click();
    await expect(page.getByRole('dialog', { name: 'Velocity: trailer' }).getByTestId('trailer-player')).toBeVisible();
  });
});
