import { expect, test } from '@playwright/test';
import { expectHydrated, getJson, type TheaterJson } from './helpers';

type EventJson = { id: string; title?: string; path?: string };

test.describe('theaters, showtimes and events', () => {
  test('lists the theaters and makes one the visitor’s own from its page', async ({ page, context, request }) => {
    const theaters = await getJson<TheaterJson[]>(request, '/api/v1/theaters');
    await page.goto('/theaters/');
    await expect(page.getByTestId('theater-card')).toHaveCount(theaters.length);
    // A click while the published markup is being hydrated can be lost (it failed now and
    // then under load): the visitor's click comes once the page is live.
    await expectHydrated(page);
    const last = theaters.at(-1);
    if (!last) throw new Error('the demo chain has no theater');
    await page.getByTestId('theater-card').last().getByRole('heading').getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(last.name ?? '');
    await page.getByTestId('choose-theater').click();
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'selectedTheaterId');
    expect(cookie?.value).toBe(last.id);
    await expect(page.getByTestId('theater-picker')).toHaveValue(last.id);
  });

  test('shows the week’s showtimes a day at a time', async ({ page }) => {
    await page.goto('/showtimes/');
    await expect(page.getByTestId('movie-showtimes')).toBeVisible();
    const days = page.getByRole('navigation', { name: 'Choose a day' }).getByRole('link');
    expect(await days.count()).toBeGreaterThan(1);
    await expect(days.first()).toHaveAttribute('aria-current', 'date');
    await days.nth(1).click();
    await expect(days.nth(1)).toHaveAttribute('aria-current', 'date');
    await expect(page).toHaveURL(/date=\d{4}-\d{2}-\d{2}/);
    await expect(page.getByTestId('movie-showtimes').locator('li').first()).toBeVisible();
  });

  test('lists the events and opens one', async ({ page, request }) => {
    const events = await getJson<EventJson[]>(request, '/api/v1/events');
    await page.goto('/events/');
    await expect(page.getByTestId('event-card')).toHaveCount(events.length);
    await expectHydrated(page);
    const [first] = events;
    if (!first) return;
    await page.getByTestId('event-card').first().getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.title ?? '');
  });
});
