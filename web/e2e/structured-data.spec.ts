import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { getJson, type MovieJson } from './helpers';

type Graph = { '@context': string; '@graph': Array<Record<string, unknown>> };

// The published page carries its JSON-LD in its head, written by the gateway.
async function jsonLd(page: Page): Promise<Graph> {
  const script = page.locator('head script[type="application/ld+json"]');
  await expect(script).toHaveCount(1);
  return JSON.parse((await script.textContent()) ?? '{}') as Graph;
}

test.describe('structured data and calendar', () => {
  test('a movie page describes the Movie and its ScreeningEvents', async ({ page, request }) => {
    const [movie] = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
    await page.goto(movie?.path ?? '/movies/');
    await page.getByTestId('showtime-schedule').waitFor();
    const graph = await jsonLd(page);
    expect(graph['@context']).toBe('https://schema.org');
    const [first] = graph['@graph'];
    expect(first).toMatchObject({ '@type': 'Movie', name: movie?.title });
    const ofType = (type: string) => graph['@graph'].filter((node) => node['@type'] === type);
    const screenings = ofType('ScreeningEvent');
    expect(screenings.length).toBeGreaterThan(0);
    expect(screenings[0]).toMatchObject({ '@type': 'ScreeningEvent', location: { '@type': 'MovieTheater' } });
    // Each screening's theater is described once in the graph, with its address.
    const theaterIds = ofType('MovieTheater').map((theater) => theater['@id']);
    const location = screenings[0]?.location as { '@id': string };
    expect(theaterIds).toContain(location['@id']);
    expect(ofType('MovieTheater')[0]).toMatchObject({ address: { '@type': 'PostalAddress' } });
  });

  test('a theater page describes the MovieTheater with its address', async ({ page, request }) => {
    const [first] = await getJson<Array<{ id: string; slug?: string }>>(request, '/api/v1/theaters');
    await page.goto(`/theaters/${first?.id}-${first?.slug}/`);
    await page.getByTestId('map-link').waitFor();
    const [theater] = (await jsonLd(page))['@graph'];
    expect(theater).toMatchObject({ '@type': 'MovieTheater', address: { '@type': 'PostalAddress' } });
    await expect(page.getByTestId('map-link')).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
    await expect(page.getByTestId('map-link')).toHaveAttribute('target', '_blank');
  });

  test('a showtime can be saved to a calendar as an .ics file', async ({ page, request }) => {
    const [movie] = await getJson<MovieJson[]>(request, '/api/v1/movies?playWeek=CURRENT_PLAYWEEK');
    await page.goto(movie?.path ?? '/movies/');
    const download = page.waitForEvent('download');
    await page.getByTestId('add-to-calendar').first().click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(new RegExp(`^${movie?.slug}-\\d{4}-\\d{2}-\\d{2}-\\d{4}\\.ics$`));
    const text = await readFile(await file.path(), 'utf8');
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain(`SUMMARY:${movie?.title}`);
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });
});
