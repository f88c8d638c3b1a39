import { expect, test, type Page } from '@playwright/test';
import { cspViolations, expectAccessible, signInAs, signInAsEditor, studioOrigin, studioPort } from './studio-staff';

// The studio's theaters and movies screens (docs/studio.md#theaters, #movies) on the demo
// chain's gateway: Riverfront's manager sets its parking details and opening hours, an
// editor publishes them and the theater's page shows them without JavaScript; an editor
// moves a movie to the top of the list by keyboard and by its button, and the published
// site lists it first. A test that publishes leaves the demo site as it found it, passed or
// failed (afterEach), as studio-pages.spec.ts does.
const studio = studioOrigin;
const site = `http://127.0.0.1:${studioPort}`;

/** A call to the studio's API from its own page (its session cookie, its origin): the answer's status and JSON body. */
async function studioCall(page: Page, method: 'GET' | 'POST' | 'DELETE', path: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(
    async ({ method, path }) => {
      const response = await fetch(`/studio/api/v1${path}`, {
        method,
        ...(method === 'GET' ? {} : { headers: { 'Content-Type': 'application/json' }, body: '{}' }),
      });
      return { status: response.status, body: response.headers.get('Content-Type')?.includes('json') ? ((await response.json()) as unknown) : null };
    },
    { method, path },
  );
}

async function newestRevision(page: Page): Promise<string | undefined> {
  const { status, body } = await studioCall(page, 'GET', '/sites/demo/revisions');
  expect(status).toBe(200);
  return (body as { revision: string }[])[0]?.revision;
}

/** Publishes the demo site's draft from the Publishing screen. */
async function publishNow(page: Page) {
  await page.goto(`${studio}/sites/demo/publishing`);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByTestId('studio-publish-outcome')).toContainText('The draft was published as revision');
}

/** The demo site's revision before the running test, the page that may restore it, and what to close after (afterEach). */
let before: { revision: string; page: Page; close?: () => Promise<void> } | undefined;

test.describe("the studio's theaters and movies", () => {
  test.afterEach(async () => {
    const restore = before;
    before = undefined;
    if (restore === undefined) return;
    const { page, revision } = restore;
    if (!page.url().startsWith(studio)) await page.goto(studio);
    expect((await studioCall(page, 'DELETE', '/sites/demo/draft')).status).toBeLessThan(300);
    if ((await newestRevision(page)) !== revision) {
      expect((await studioCall(page, 'POST', `/sites/demo/revisions/${encodeURIComponent(revision)}/restore`)).status).toBe(200);
    }
    await restore.close?.();
  });

  test("Riverfront's manager sets its parking details and opening hours, published and shown without JavaScript", async ({ browser, page }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page.context());
    const publisherContext = await browser.newContext();
    const publisher = await publisherContext.newPage();
    await signInAsEditor(publisher, 'Theater Publisher');
    before = { revision: (await newestRevision(publisher)) ?? '', page: publisher, close: () => publisherContext.close() };
    expect((await studioCall(publisher, 'DELETE', '/sites/demo/draft')).status).toBeLessThan(300);

    await signInAs(page, 'Riverfront Manager', 'theater-manager', 'demo', '101');
    await page.goto(`${studio}/sites/demo`);
    await page.getByRole('navigation', { name: /^The screens of / }).getByRole('link', { name: 'Theaters' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/theaters`);
    await expectAccessible(page, 'theaters');
    await page.getByRole('link', { name: 'Marquee Riverfront' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/theaters/101`);
    await expect(page.getByRole('heading', { level: 1, name: /^Marquee Riverfront, a theater of / })).toBeVisible();
    await expectAccessible(page, 'theater');

    const run = Date.now().toString(36);
    const parking = `Free in the Riverside garage after 6 pm (run ${run}): show your ticket at the desk.`;
    await page.getByRole('textbox', { name: 'Parking' }).fill(parking);
    await page.getByRole('button', { name: 'Add a line' }).click();
    const line = page.getByTestId('studio-theater-hours-line').last();
    await line.getByRole('checkbox', { name: 'Friday' }).check();
    await line.getByRole('checkbox', { name: 'Saturday' }).check();
    await line.getByLabel('Opens').fill('10:00');
    await line.getByLabel('Closes').fill('01:30');
    await expect(line).toContainText('Closes after midnight, the next day.');
    await page.getByRole('button', { name: 'Save to the draft' }).click();
    await expect(page.getByText('Saved to the draft. Publish the draft to put it on the site.')).toBeVisible();
    await expectAccessible(page, 'theater, saved');

    // Another theater is the manager's to read alone.
    await page.goto(`${studio}/sites/demo/theaters/102`);
    await expect(page.getByTestId('studio-theater-read-only')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save to the draft' })).toHaveCount(0);

    await publishNow(publisher);
    await expect.poll(async () => (await page.request.get(`${site}/api/v1/theaters/101`)).text(), { timeout: 15_000 }).toContain(run);

    // The theater's published page, rendered once on the server: whole without a script.
    const slug = ((await (await page.request.get(`${site}/api/v1/theaters/101`)).json()) as { slug: string }).slug;
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const refusedToReader = cspViolations(withoutScripts);
    const reader = await withoutScripts.newPage();
    await expect
      .poll(async () => {
        await reader.goto(`${site}/theaters/101-${slug}/`);
        return reader.getByText(parking).count();
      }, { timeout: 15_000 })
      .toBe(1);
    const visit = reader.getByRole('region', { name: 'Plan your visit' });
    await expect(visit.getByRole('heading', { level: 3, name: 'Opening hours' })).toBeVisible();
    await expect(visit.getByRole('definition')).toContainText([/10:00\sAM – 1:30\sAM/]);
    await expect(visit.getByRole('term')).toContainText(['Friday, Saturday']);
    const jsonLd = await reader.locator('script[type="application/ld+json"]').allTextContents();
    expect(jsonLd.join('')).toContain('"openingHoursSpecification"');
    await withoutScripts.close();
    expect(refused).toEqual([]);
    expect(refusedToReader).toEqual([]);
  });

  test('an editor moves a movie to the top of the list by keyboard and by its button, and the site lists it first once published', async ({ page }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page.context());
    await signInAsEditor(page, 'Movies Editor');
    before = { revision: (await newestRevision(page)) ?? '', page };
    expect((await studioCall(page, 'DELETE', '/sites/demo/draft')).status).toBeLessThan(300);

    await page.goto(`${studio}/sites/demo`);
    await page.getByRole('navigation', { name: /^The screens of / }).getByRole('link', { name: 'Movies' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/movies`);
    await expect(page.getByRole('heading', { level: 1, name: /^Movies of / })).toBeVisible();
    await expectAccessible(page, 'movies');
    const rows = page.getByTestId('studio-movie');
    const count = await rows.count();
    expect(count).toBeGreaterThan(3);
    const titles = async () => rows.locator('h2').allTextContents();
    const [, second, third] = await titles();
    expect(second && third).toBeTruthy();

    // By keyboard: the third movie picked up, moved up one place, dropped.
    const handle = page.getByRole('button', { name: `Drag ${third} to another place` });
    await handle.focus();
    await page.keyboard.press('Space');
    // Picked up: dnd-kit's live region says so, then that it is over its own place.
    await expect(page.getByText(`${third} is over position 3 of ${count}.`)).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(`${third} is over position 2 of ${count}.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText(`${third} was dropped at position 2 of ${count}.`)).toBeAttached();
    await expect.poll(async () => (await titles()).slice(1, 3)).toEqual([third, second]);
    // By its button: the movie now third to the top, and shown on the site.
    await page.getByRole('button', { name: `Move ${second} to the top` }).click();
    await expect.poll(async () => (await titles()).slice(0, 3)).toEqual([second, expect.any(String), third]);
    await expect(page.getByTestId('studio-movies-moved')).toHaveText(`${second} is now at position 1 of ${count}.`);
    const shown = rows.first().getByRole('checkbox', { name: 'Shown on the site' });
    if (!(await shown.isChecked())) await shown.check();
    await page.getByRole('button', { name: 'Save to the draft' }).click();
    await expect(page.getByText('Saved to the draft. Publish the draft to make the changes live.')).toBeVisible();
    await expectAccessible(page, 'movies, saved');

    await publishNow(page);
    const firstListed = async () => ((await (await page.request.get(`${site}/api/v1/movies`)).json()) as { title: string }[])[0]?.title;
    await expect.poll(firstListed, { timeout: 15_000 }).toBe(second);
    expect(refused).toEqual([]);
  });
});
