import { expect, test, type Page } from '@playwright/test';
import { cspViolations, expectAccessible, signInAsEditor, studioOrigin } from './studio-staff';

// The studio's events screens (docs/studio.md#page-blocks, its last paragraph) on the demo
// chain's gateway: an event made at the site's first theater with a booking link, saved to
// the draft and listed as added; a `javascript:` booking link refused on its field; the
// event removed again. The studio's own host as in studio.spec.ts. The tests share the
// gateway with others, in one worker, and others publish the draft: it is never assumed
// empty, this run's event is found by its own id, and it leaves the draft at the end,
// passed or failed (an event the draft added and then removes is no change at all).
const studio = studioOrigin;

/** A call to the studio's API from its own page (its session cookie, its origin): the answer's status and JSON body. */
async function studioCall(page: Page, method: 'GET' | 'DELETE', path: string): Promise<{ status: number; body: unknown }> {
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

/** The event the running test made, removed after it (afterEach) where the test did not get to. */
let madeEvent: string | undefined;

test.describe("the studio's events", () => {
  test.afterEach(async ({ page }) => {
    const id = madeEvent;
    madeEvent = undefined;
    if (id === undefined) return;
    if (!page.url().startsWith(studio)) await page.goto(studio);
    const { status } = await studioCall(page, 'GET', `/sites/demo/draft/events/${id}`);
    if (status === 200) expect((await studioCall(page, 'DELETE', `/sites/demo/draft/events/${id}`)).status).toBeLessThan(300);
  });

  test('an editor adds an event at the first theater with a booking link, sees it listed as added, has a javascript: booking link refused, and removes it', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const refused = cspViolations(page.context());
    await signInAsEditor(page, 'Ev Editor');
    // This run's own id and title: never an event an earlier run, or another test, made. An
    // event's id has no '-': its address on the site is /events/{id}-{slug}/.
    const run = Date.now().toString(36);
    const id = `e2e${run}`;
    const title = `Silent film night, run ${run}`;

    await page.goto(`${studio}/sites/demo`);
    await page.getByRole('navigation', { name: /^The screens of / }).getByRole('link', { name: 'Events' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/events`);
    await expect(page.getByRole('heading', { level: 1, name: /^Events of / })).toBeVisible();
    const newEvent = page.getByRole('link', { name: 'New event' });
    await expect(newEvent).toBeVisible();
    await expectAccessible(page, 'events');

    await newEvent.click();
    await expect(page).toHaveURL(`${studio}/sites/demo/new-event`);
    const form = page.getByRole('form', { name: 'The new event' });
    await expect(form).toBeVisible();
    await expectAccessible(page, 'new event');

    // The site's first theater, in its order, as the studio lists them.
    const theaters = await studioCall(page, 'GET', '/sites/demo/theaters');
    expect(theaters.status).toBe(200);
    const [first] = theaters.body as { id: string; name: string }[];
    expect(first).toBeDefined();
    await form.getByRole('textbox', { name: 'Id', exact: true }).fill(id);
    await form.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await form.getByRole('textbox', { name: 'Description (optional)' }).fill('With a live organ.');
    await form.getByLabel('Theater', { exact: true }).selectOption(first?.id ?? '');
    await form.getByLabel('Starts at', { exact: true }).fill('2030-01-10T19:00');
    const booking = form.getByRole('textbox', { name: 'Booking link (optional)' });
    await booking.fill(`https://tickets.example.org/${id}`);
    await expect(page.getByTestId('studio-event-unsaved')).toHaveText('Unsaved changes');
    madeEvent = id;
    await page.getByRole('button', { name: 'Save to the draft' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/events/${id}`);
    await expect(page.getByTestId('studio-event-outcome')).toHaveText('Saved to the draft. Publish the draft to put it on the site.');
    // Read back as saved: at the first theater, 19:00 on its clock, with its booking link.
    const saved = page.getByRole('form', { name: `The event “${title}”` });
    await expect(saved.getByLabel('Theater', { exact: true })).toHaveValue(first?.id ?? '');
    await expect(saved.getByLabel('Starts at', { exact: true })).toHaveValue('2030-01-10T19:00');
    await expect(saved.getByRole('textbox', { name: 'Booking link (optional)' })).toHaveValue(`https://tickets.example.org/${id}`);

    await page.getByRole('link', { name: /^All events of / }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/events`);
    const item = page.getByTestId('studio-event-item').filter({ hasText: `Id ${id}` });
    await expect(item).toContainText(title);
    await expect(item).toContainText('Added in the draft');

    // A script for a booking link: refused on its field, and nothing is sent.
    await item.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/events/${id}`);
    const bookingAgain = page.getByRole('form', { name: `The event “${title}”` }).getByRole('textbox', { name: 'Booking link (optional)' });
    await bookingAgain.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Save to the draft' }).click();
    await expect(page.getByText('Use an address starting with https://, such as https://tickets.example.com/silent-night, or leave it empty.')).toBeVisible();
    await expect(bookingAgain).toHaveAttribute('aria-invalid', 'true');
    await expect(bookingAgain).toBeFocused();
    await expectAccessible(page, 'event, a booking link refused');
    const kept = await studioCall(page, 'GET', `/sites/demo/draft/events/${id}`);
    expect((kept.body as { bookingUrl?: string }).bookingUrl).toBe(`https://tickets.example.org/${id}`);

    // Removed again: the draft is left as it was found.
    await page.getByRole('button', { name: 'Remove from the site' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove the event' }).click();
    await expect(page).toHaveURL(`${studio}/sites/demo/events`);
    await expect(page.getByTestId('studio-events-outcome')).toHaveText(`“${title}” is removed in the draft. Publish the draft to take it off the site.`);
    await expect(page.getByTestId('studio-event-item').filter({ hasText: `Id ${id}` })).toHaveCount(0);
    expect((await studioCall(page, 'GET', `/sites/demo/draft/events/${id}`)).status).toBe(404);
    madeEvent = undefined;
    expect(refused).toEqual([]);
  });
});
