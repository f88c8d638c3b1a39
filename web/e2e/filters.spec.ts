import { expect, test } from '@playwright/test';
import { expectHydrated, getJson, type MovieJson } from './helpers';

type ShowtimeJson = { movieId: string; date: string };
type FullMovieJson = MovieJson & { attributes?: string[] };

test.describe('movie list filters', () => {
  test('by version: original version and dubbed', async ({ page, request }) => {
    const movies = await getJson<FullMovieJson[]>(request, '/api/v1/movies');
    for (const [name, attribute] of [
      ['Original version', 'Localization.Version.Original'],
      ['Dubbed', 'Format.Sound.Dubbed'],
    ] as const) {
      await page.goto('/movies/');
      await page.getByTestId('movie-filters').getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`attribute=${attribute.replace(/\./g, '\\.')}`));
      const expected = movies.filter((movie) => movie.attributes?.includes(attribute)).map((movie) => movie.title ?? '');
      await expect(page.getByTestId('movie-card').getByRole('heading')).toHaveText(expected);
    }
  });

  test('by theater and day, keeping the filters in the address', async ({ page, request }) => {
    const showtimes = await getJson<ShowtimeJson[]>(request, '/api/v1/showtimes?theaterId=101');
    const day = [...new Set(showtimes.map((showtime) => showtime.date))].sort()[1] ?? '';
    const expectedIds = new Set(showtimes.filter((showtime) => showtime.date === day).map((showtime) => showtime.movieId));
    await page.goto('/movies/');
    await page.getByTestId('filter-theater').selectOption('101');
    await expect(page).toHaveURL(/\/movies\/\?theaterId=101$/);
    await page.getByTestId('filter-day').selectOption(day);
    await expect(page).toHaveURL(new RegExp(`theaterId=101&date=${day}$`));
    await expect(page.getByTestId('movie-card')).toHaveCount(expectedIds.size);
    await page.reload();
    await expect(page.getByTestId('filter-theater')).toHaveValue('101');
    await expect(page.getByTestId('filter-day')).toHaveValue(day);
    await page.goBack();
    await expect(page.getByTestId('filter-day')).toHaveValue('');
  });

  test('keeps the scroll position when a filter changes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 600 });
    await page.goto('/movies/');
    await page.getByTestId('movie-card').first().waitFor();
    // Before hydration the link is a plain one, whose page load starts at the top.
    await expectHydrated(page);
    await page.evaluate(() => window.scrollTo(0, 200));
    await page.getByTestId('movie-filters').getByRole('link', { name: 'Dubbed' }).click();
    await expect(page).toHaveURL(/attribute=Format\.Sound\.Dubbed/);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  });
});
