import { expect, test, type Page } from '@playwright/test';
import { getJson, logRequests, type MovieJson, type TheaterJson } from './helpers';

// The ads of a published page read its movies from what the page has (its data, inline in
// the document): on the demo, a US chain, they run from the first page, and the only API
// call they make is their set-up.

/** Every API call the page makes, by path and query. */
function apiCalls(page: Page): URL[] {
  const calls: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) calls.push(url);
  });
  return calls;
}

const adSetUps = (calls: URL[]) => calls.filter((url) => url.pathname === '/api/v1/ads/config');
const movieLists = (calls: URL[]) => calls.filter((url) => url.pathname.startsWith('/api/v1/movies')).map(String);

test.describe('ads on a published page', () => {
  test.beforeEach(async ({ context, page, baseURL }) => {
    // The ad library and the ad server's tag are answered, empty.
    await logRequests(context, page, baseURL ?? '');
  });

  test('the home page asks for no movie list', async ({ page }) => {
    const calls = apiCalls(page);
    await page.goto('/');
    await expect.poll(() => adSetUps(calls).length).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(movieLists(calls)).toEqual([]);
  });

  test("a movie page's ads name its movie from the page's data", async ({ page, request }) => {
    const [movie] = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
    const calls = apiCalls(page);
    await page.goto(movie?.path ?? '/movies/');
    const dataLayer = () => page.evaluate(() => (window as unknown as { dataLayer?: Array<Record<string, unknown>> }).dataLayer ?? []);
    await expect
      .poll(async () => (await dataLayer()).find((entry) => entry.event === 'adDataLayer'))
      .toMatchObject({ movieId: movie?.id, movieTitle: movie?.title });
    await page.waitForLoadState('networkidle');
    expect(movieLists(calls)).toEqual([]);
  });

  test("a theater page's ads name the movies scheduled there from the page's data", async ({ page, request }) => {
    const [theater] = await getJson<Array<TheaterJson & { slug?: string }>>(request, '/api/v1/theaters');
    const calls = apiCalls(page);
    await page.goto(`/theaters/${theater?.id}-${theater?.slug}/`);
    await expect.poll(() => adSetUps(calls).at(-1)?.searchParams.get('scheduledMovieIds')).toMatch(/^\d+(,\d+)*$/);
    await page.waitForLoadState('networkidle');
    expect(movieLists(calls)).toEqual([]);
  });
});
