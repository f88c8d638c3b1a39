import { expect, test, type Page } from '@playwright/test';
import { cspViolations, expectAccessible, signInAsEditor, studioOrigin, studioPort } from './studio-staff';

// The studio's pages screens (DESIGN.md section 13, "Content") on the demo chain's gateway:
// a page written in the block editor, saved to the draft, previewed, published, and
// served to a browser without JavaScript; a link the site would not take refused in the
// editor. The studio's own host as in studio.spec.ts. A test that publishes leaves the demo
// site as it found it, passed or failed (afterEach): a retry, and the tests after it, start
// from the same site.
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

/** The demo site's newest revision (GET .../revisions, newest first). */
async function newestRevision(page: Page): Promise<string | undefined> {
  const { status, body } = await studioCall(page, 'GET', '/sites/demo/revisions');
  expect(status).toBe(200);
  return (body as { revision: string }[])[0]?.revision;
}

/** The demo site's revision before the running test published, restored after it (afterEach). */
let revisionBefore: string | undefined;

/** Selects the last `characters` characters typed in the body, from the keyboard. */
async function selectBack(page: Page, characters: number) {
  for (let i = 0; i < characters; i += 1) await page.keyboard.press('Shift+ArrowLeft');
}

test.describe("the studio's pages", () => {
  // Passed or failed: the draft the test left is discarded, and the revision the site had is
  // published again where the test published another.
  test.afterEach(async ({ page }) => {
    const revision = revisionBefore;
    revisionBefore = undefined;
    if (revision === undefined) return;
    if (!page.url().startsWith(studio)) await page.goto(studio);
    expect((await studioCall(page, 'DELETE', '/sites/demo/draft')).status).toBeLessThan(300);
    if ((await newestRevision(page)) !== revision) {
      expect((await studioCall(page, 'POST', `/sites/demo/revisions/${encodeURIComponent(revision)}/restore`)).status).toBe(200);
    }
  });

  test('an editor writes a page in the block editor, previews it, publishes it, and the site serves it without JavaScript', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const refused = cspViolations(page.context());
    await signInAsEditor(page, 'Ac Editor');
    // From the site as published: what an earlier test, or an earlier try of this one, left in the draft is discarded.
    expect((await studioCall(page, 'DELETE', '/sites/demo/draft')).status).toBeLessThan(300);
    revisionBefore = await newestRevision(page);
    // This run's own words: never the page an earlier run published, so there is always a change to publish.
    const heading = `Step-free in every theater, run ${Date.now().toString(36)}`;

    await page.goto(`${studio}/sites/demo`);
    await page.getByRole('navigation', { name: /^The screens of / }).getByRole('link', { name: 'Pages' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/pages`);
    const pages = page.getByRole('list', { name: /^The pages of / });
    await expect(pages).toBeVisible();
    await expectAccessible(page, 'pages');

    // The demo chain has a page at /accessibility/ already: it goes, and the new one takes its address.
    await pages.getByTestId('studio-page-item').filter({ hasText: 'At /accessibility/' }).getByRole('link').click();
    await page.getByRole('button', { name: 'Remove from the site' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove the page' }).click();
    await expect(page.getByTestId('studio-pages-outcome')).toContainText('is removed in the draft');

    await page.getByRole('link', { name: 'New page' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/new-page`);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Accessibility at Marquee');
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('accessibility');
    const body = page.getByRole('textbox', { name: 'Body' });
    const toolbar = page.getByRole('toolbar', { name: 'Formatting of the body' });
    await body.click();
    await toolbar.getByRole('button', { name: 'Heading', exact: true }).click();
    await expect(toolbar.getByRole('button', { name: 'Heading', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.type(heading);
    await page.keyboard.press('Enter');
    await toolbar.getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('Wheelchair spaces in every auditorium');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Hearing loops at the box office');
    // An empty item ends the list.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Find your theater');
    await selectBack(page, 'theater'.length);
    await toolbar.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('textbox', { name: 'Address of the link' }).fill('/theaters/');
    await page.keyboard.press('Enter');
    await expect(body.getByRole('link', { name: 'theater' })).toHaveAttribute('href', '/theaters/');
    await expect(page.getByTestId('studio-page-unsaved')).toHaveText('Unsaved changes');

    await page.getByRole('button', { name: 'Save to the draft' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/pages/accessibility`);
    await expect(page.getByTestId('studio-page-outcome')).toHaveText('Saved to the draft. Publish the draft to put it on the site.');
    await expect(body.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expectAccessible(page, 'page');

    // The preview: the page as the draft has it, on the site's own host.
    const [preview] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('link', { name: /^Preview the page/ }).click()]);
    await expect(preview.getByRole('heading', { name: heading })).toBeVisible();
    await preview.close();
    // Saved to the draft alone: the site still serves the page it had.
    expect(await (await request.get(`${site}/accessibility/`)).text()).not.toContain(heading);

    await page.getByRole('link', { name: 'Publish the draft to put it on the site' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/publishing`);
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByTestId('studio-publish-outcome')).toContainText('The draft was published as revision');
    await expect.poll(async () => (await request.get(`${site}/accessibility/`)).text(), { timeout: 15_000 }).toContain(heading);

    // The published page, rendered once on the server: whole without a script.
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const refusedToReader = cspViolations(withoutScripts);
    const reader = await withoutScripts.newPage();
    await reader.goto(`${site}/accessibility/`);
    await expect(reader.getByRole('heading', { level: 1, name: 'Accessibility at Marquee' })).toBeVisible();
    await expect(reader.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    await expect(reader.getByRole('listitem').filter({ hasText: 'Wheelchair spaces in every auditorium' })).toBeVisible();
    await expect(reader.getByRole('listitem').filter({ hasText: 'Hearing loops at the box office' })).toBeVisible();
    await expect(reader.getByRole('link', { name: 'theater', exact: true })).toHaveAttribute('href', /\/theaters\/$/);
    await withoutScripts.close();
    expect(refused).toEqual([]);
    expect(refusedToReader).toEqual([]);
  });

  test('refuses a javascript: link in the editor with a message, before anything is saved', async ({ page }) => {
    const refused = cspViolations(page.context());
    await signInAsEditor(page, 'Js Editor');
    await page.goto(`${studio}/sites/demo/new-page`);
    const body = page.getByRole('textbox', { name: 'Body' });
    await body.click();
    await page.keyboard.type('Click here');
    await selectBack(page, 'here'.length);
    await page.getByRole('toolbar', { name: 'Formatting of the body' }).getByRole('button', { name: 'Link', exact: true }).click();
    const address = page.getByRole('textbox', { name: 'Address of the link' });
    await address.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Set the link' }).click();
    await expect(page.getByText('The site cannot link to this address.')).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');
    await expect(body.getByRole('link')).toHaveCount(0);
    await expectAccessible(page, 'new page, a link refused');

    // On a phone, the toolbar wraps: nothing is wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(refused).toEqual([]);
  });
});
