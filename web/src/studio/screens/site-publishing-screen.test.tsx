import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Draft, Me } from '../api';
import { studioKeys } from '../hooks/studio-keys';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswers } from '../testing/studio-api';
import { admin, demo, editor, single, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const draft: Draft = {
  changes: [
    { kind: 'site', id: '', by: 'Grace Hopper', at: '2026-12-03T14:05:00Z', removed: false },
    { kind: 'page', id: 'about', by: 'Ed Admin', at: '2026-12-03T15:10:00Z', removed: false },
    { kind: 'event', id: '42', by: 'Grace Hopper', at: '2026-12-04T09:00:00Z', removed: true },
  ],
  schedule: null,
};
const empty: Draft = { changes: [], schedule: null };
const published = { status: 200, body: { revision: '3f9a0c1e2b7d4a5c6e8f9012' } };

/** The studio's API for `me` on the demo site, its draft `current` (what GET answers each time), and `answers` besides. */
function stubDraftApi(me: Me, current: () => Draft, answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], {
    'GET /sites/demo/draft': () => ({ status: 200, body: current() }),
    'GET /sites/demo/draft/theaters': { status: 200, body: [{ id: '101', name: 'Marquee Riverfront', state: 'changed' }] },
    ...answers,
  });
}

/** The draft's changes, each as its lines of text. */
function listedChanges(): (string | null)[][] {
  return within(screen.getByTestId('studio-draft'))
    .getAllByTestId('studio-draft-change')
    .map((item) => Array.from(item.querySelectorAll('p'), (line) => line.textContent));
}

const publishCalls = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter(({ method }) => method !== 'GET').map(({ method, path, body }) => [method, path, body]);
const draftReads = (calls: { method: string; path: string }[]) =>
  calls.filter(({ method, path }) => method === 'GET' && path === '/sites/demo/draft');
const outcome = () => screen.getByTestId('studio-publish-outcome');

/** Opens the dialog with the screen's button `name`, which has the focus first (as a click gives it in a browser). */
async function openDialog(name: string, dialogName: string): Promise<{ opener: HTMLElement; dialog: HTMLElement }> {
  const opener = await screen.findByRole('button', { name });
  opener.focus();
  fireEvent.click(opener);
  return { opener, dialog: await screen.findByRole('dialog', { name: dialogName }) };
}

describe("a site's draft", () => {
  it('lists each change: what it is, whether the draft removes it, who changed it last and when', async () => {
    stubDraftApi(editor, () => draft);
    renderStudio('/sites/demo/publishing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Draft and publishing of Marquee Cinemas' })).toBeTruthy();
    await screen.findByTestId('studio-draft');
    expect(listedChanges()).toEqual([
      ["The site's settings and look", expect.stringMatching(/^Changed by Grace Hopper, Dec 3, 2026, /)],
      ['Page “about”', expect.stringMatching(/^Changed by Ed Admin, Dec 3, 2026, /)],
      ['Event “42” Removed', expect.stringMatching(/^Changed by Grace Hopper, Dec 4, 2026, /)],
    ]);
    // Each record the way to its screen, but the site's document (several screens change it) and one the draft removes.
    const changes = within(screen.getByTestId('studio-draft'));
    expect(changes.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([['Page “about”', '/sites/demo/pages/about']]);
    expect(screen.getByTestId('studio-draft').querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-03T14:05:00Z');
    expect(screen.queryByTestId('studio-draft-schedule')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Publishing' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Draft and publishing of Marquee Cinemas | Studio'));
  });

  it("names a theater whose details it changes by the theater's name, with the way to its screen", async () => {
    const calls = stubDraftApi(viewer, () => ({
      changes: [{ kind: 'theater', id: '101', by: 'Theo Manager', at: '2026-12-04T10:00:00Z', removed: false }],
      schedule: null,
    }));
    renderStudio('/sites/demo/publishing');
    const changes = within(await screen.findByTestId('studio-draft'));
    // By its id until the theaters' names are in, then by its name.
    expect(listedChanges()).toEqual([[expect.stringMatching(/^Theater “(101|Marquee Riverfront)”$/), expect.stringMatching(/^Changed by Theo Manager, Dec 4, 2026, /)]]);
    const theater = await changes.findByRole('link', { name: 'Theater “Marquee Riverfront”' });
    expect(theater.getAttribute('href')).toBe('/sites/demo/theaters/101');
    fireEvent.click(theater);
    await waitFor(() => expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo/theaters/101'));
    expect(calls.filter(({ path }) => path === '/sites/demo/draft/theaters')).toHaveLength(1);
  });

  it('asks for no theater where the draft changes none', async () => {
    const calls = stubDraftApi(editor, () => draft);
    renderStudio('/sites/demo/publishing');
    await screen.findByTestId('studio-draft');
    expect(calls.filter(({ path }) => path === '/sites/demo/draft/theaters')).toEqual([]);
  });

  it('shows its publishing at a time, and why it did not publish then', async () => {
    stubDraftApi(editor, () => ({
      ...draft,
      schedule: {
        publishAt: '2026-12-05T14:00:00Z',
        by: 'Ed Admin',
        failure: "changed since the draft began: page 'about'; publish with overwrite to replace them",
      },
    }));
    renderStudio('/sites/demo/publishing');
    const schedule = await screen.findByTestId('studio-draft-schedule');
    expect(within(schedule).getByRole('heading', { level: 2 }).textContent).toBe('Publishing at a time');
    expect(Array.from(schedule.querySelectorAll('p'), (line) => line.textContent)).toEqual([
      expect.stringMatching(/^To be published on December \d+, 2026 at .+, as Ed Admin asked\.$/),
      "It did not publish at that time: changed since the draft began: page 'about'; publish with overwrite to replace them",
    ]);
    expect(schedule.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-05T14:00:00Z');
  });

  it('publishes now through a dialog, says so, and reads the draft again', async () => {
    let current = draft;
    const calls = stubDraftApi(editor, () => current, {
      'POST /sites/demo/draft/publish': () => {
        current = empty;
        return published;
      },
    });
    const { queryClient } = renderStudio('/sites/demo/publishing');
    // The history and the audit log, as another screen left them.
    const history = studioKeys.siteRevisions('demo');
    const audit = studioKeys.siteAuditEntries({ siteId: 'demo' });
    queryClient.setQueryData(history, []);
    queryClient.setQueryData(audit, []);
    const { opener, dialog } = await openDialog('Publish now', 'Publish the draft now?');
    expect(dialog).toHaveProperty('open', true);
    expect(within(dialog).getByText("The draft's 3 changes go live on the site as one revision.")).toBeTruthy();
    // The focus moved into the dialog, on Cancel before a publishing that is at once.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(outcome().textContent).toBe('The draft was published as revision 3f9a0c1e.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(publishCalls(calls)).toEqual([['POST', '/sites/demo/draft/publish', { overwrite: false }]]);
    expect(await screen.findByTestId('studio-draft-empty')).toBeTruthy();
    expect(draftReads(calls)).toHaveLength(2);
    expect(queryClient.getQueryState(history)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(audit)?.isInvalidated).toBe(true);
  });

  it('publishes at a day and time on the staff member’s clock, sent as an RFC 3339 instant', async () => {
    const calls = stubDraftApi(admin, () => draft, {
      'POST /sites/demo/draft/publish': (body) => ({ status: 202, body: { publishAt: (body as { publishAt: string }).publishAt } }),
    });
    renderStudio('/sites/demo/publishing');
    const { dialog } = await openDialog('Publish at…', 'Publish the draft at a time');
    const time = within(dialog).getByLabelText('Day and time');
    expect(document.activeElement).toBe(time);
    fireEvent.change(time, { target: { value: '2031-12-05T14:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(outcome().textContent).toMatch(/^The draft will be published on December 5, 2031 at 2:30 PM .+\.$/));
    const [[method, path, body] = []] = publishCalls(calls);
    expect([method, path]).toEqual(['POST', '/sites/demo/draft/publish']);
    const { publishAt, overwrite } = body as { publishAt: string; overwrite: boolean };
    expect(publishAt).toMatch(/^2031-12-05T14:30:00(Z|[+-]\d{2}:\d{2})$/);
    expect(new Date(publishAt).getTime()).toBe(new Date(2031, 11, 5, 14, 30).getTime());
    expect(overwrite).toBe(false);
  });

  it('refuses a time that has passed, and asks nothing', async () => {
    const calls = stubDraftApi(editor, () => draft);
    renderStudio('/sites/demo/publishing');
    const { dialog } = await openDialog('Publish at…', 'Publish the draft at a time');
    const time = within(dialog).getByLabelText('Day and time');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Choose the day and time to publish at.')).toBeTruthy();
    fireEvent.change(time, { target: { value: '2020-01-06T09:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText('Choose a time that has not passed yet.')).toBeTruthy();
    expect(publishCalls(calls)).toEqual([]);
  });

  it('names the records changed since (409), and publishes over them on request', async () => {
    const message = "changed since the draft began: page 'about'; publish with overwrite to replace them";
    const calls = stubDraftApi(editor, () => draft, {
      'POST /sites/demo/draft/publish': (body) =>
        (body as { overwrite?: boolean }).overwrite ? published : studioError(409, 'conflict', message),
    });
    renderStudio('/sites/demo/publishing');
    const { dialog } = await openDialog('Publish now', 'Publish the draft now?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    const alert = await within(dialog).findByText(`The draft was not published: ${message}`);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('dialog')).toBe(dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish over those changes' }));
    await waitFor(() => expect(outcome().textContent).toBe('The draft was published as revision 3f9a0c1e.'));
    expect(publishCalls(calls)).toEqual([
      ['POST', '/sites/demo/draft/publish', { overwrite: false }],
      ['POST', '/sites/demo/draft/publish', { overwrite: true }],
    ]);
  });

  it('publishes over changes made since when the box is ticked', async () => {
    const calls = stubDraftApi(editor, () => draft, { 'POST /sites/demo/draft/publish': published });
    renderStudio('/sites/demo/publishing');
    const { dialog } = await openDialog('Publish now', 'Publish the draft now?');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Overwrite changes made since' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(publishCalls(calls)).toEqual([['POST', '/sites/demo/draft/publish', { overwrite: true }]]);
  });

  it('says what the studio refused (422)', async () => {
    stubDraftApi(editor, () => draft, {
      'POST /sites/demo/draft/publish': studioError(422, 'failed_precondition', 'the draft holds no change to publish'),
    });
    renderStudio('/sites/demo/publishing');
    const { dialog } = await openDialog('Publish now', 'Publish the draft now?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish now' }));
    expect(await within(dialog).findByText('The draft was not published: the draft holds no change to publish')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Publish over those changes' })).toBeNull();
    // Cancelled once read, it is not said again on the screen.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/^The draft was not published/)).toBeNull();
  });

  it('closes the dialog on Escape, publishing nothing, and gives the focus back to its button', async () => {
    const calls = stubDraftApi(editor, () => draft);
    renderStudio('/sites/demo/publishing');
    const { opener, dialog } = await openDialog('Publish now', 'Publish the draft now?');
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    expect(publishCalls(calls)).toEqual([]);
  });

  it('says there is nothing to publish when the draft is empty, and publishes nothing', async () => {
    const calls = stubDraftApi(editor, () => empty);
    renderStudio('/sites/demo/publishing');
    const sentence = await screen.findByTestId('studio-draft-empty');
    expect(sentence.textContent).toBe('The draft holds no change: there is nothing to publish.');
    for (const name of ['Publish now', 'Publish at…']) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
      expect(button.getAttribute('aria-describedby')).toBe(sentence.id);
      fireEvent.click(button);
    }
    expect(screen.getByRole('button', { name: 'Discard draft' }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(publishCalls(calls)).toEqual([]);
  });

  it('discards the draft once confirmed', async () => {
    let current = draft;
    const calls = stubDraftApi(admin, () => current, {
      'DELETE /sites/demo/draft': () => {
        current = empty;
        return { status: 204 };
      },
    });
    renderStudio('/sites/demo/publishing');
    const { dialog } = await openDialog('Discard draft', 'Discard the draft of Marquee Cinemas?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(outcome().textContent).toBe('The draft was discarded.'));
    expect(publishCalls(calls)).toEqual([['DELETE', '/sites/demo/draft', {}]]);
    expect(await screen.findByTestId('studio-draft-empty')).toBeTruthy();
  });

  it('shows a viewer the draft to read, and no way to publish or discard it', async () => {
    stubDraftApi(viewer, () => draft);
    renderStudio('/sites/demo/publishing');
    await screen.findByTestId('studio-draft');
    expect(listedChanges()).toHaveLength(3);
    expect(screen.getByTestId('studio-draft-read-only').textContent).toBe(
      'Your role lets you read the draft. Its editors, administrators and the operators publish it.',
    );
    expect(screen.queryByRole('button', { name: 'Publish now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish at…' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Discard draft' })).toBeNull();
  });

  it('says the site is no longer among those the staff member may open (404)', async () => {
    stubSignedIn(editor, [demo], { 'GET /sites/demo/draft': studioError(404, 'not_found', 'no such site') });
    renderStudio('/sites/demo/publishing');
    expect((await screen.findByTestId('studio-draft-not-found')).textContent).toContain(
      'Marquee Cinemas is no longer among the sites you may open.',
    );
  });
});
