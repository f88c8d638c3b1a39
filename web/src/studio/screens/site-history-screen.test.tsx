import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me, Revision } from '../api';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswers } from '../testing/studio-api';
import { demo, editor, single, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const newest: Revision = {
  revision: '3f9a0c1e2b7d4a5c6e8f9012',
  at: '2026-12-04T09:30:00Z',
  by: 'Grace Hopper',
  summary: "page 'about' changed; event '42' removed",
};
const earlier: Revision = { revision: 'a1b2c3d4e5f60718293a4b5c', at: '2026-12-03T14:05:00Z', by: 'Box office feed', summary: '3 events added' };
const first: Revision = { revision: '0011223344556677889900aa', at: '2026-12-01T08:00:00Z', by: 'bundle import', summary: '' };

/** The studio's API for `me` on the demo site, its revisions as `current` gives them each time, and `answers` besides. */
function stubHistoryApi(me: Me, current: () => Revision[], answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], { 'GET /sites/demo/revisions': () => ({ status: 200, body: current() }), ...answers });
}

/** The revisions listed, each as its lines of text. */
function listed(): (string | null)[][] {
  return within(screen.getByTestId('studio-revisions'))
    .getAllByTestId('studio-revision')
    .map((item) => Array.from(item.querySelectorAll('p'), (line) => line.textContent));
}

const restoreButtons = () =>
  within(screen.getByTestId('studio-revisions'))
    .queryAllByRole('button')
    .map((button) => button.getAttribute('aria-label'));

describe("a site's history", () => {
  it('lists the revisions newest first: when, by whom, what changed and the revision, shortened', async () => {
    stubHistoryApi(editor, () => [newest, earlier, first]);
    renderStudio('/sites/demo/history');
    expect(await screen.findByRole('heading', { level: 1, name: 'History of Marquee Cinemas' })).toBeTruthy();
    await screen.findByTestId('studio-revisions');
    expect(listed()).toEqual([
      [expect.stringMatching(/^Dec 4, 2026, .+ Live now$/), 'By Grace Hopper', "page 'about' changed; event '42' removed", 'Revision 3f9a0c1e'],
      [expect.stringMatching(/^Dec 3, 2026, /), 'By Box office feed', '3 events added', 'Revision a1b2c3d4'],
      [expect.stringMatching(/^Dec 1, 2026, /), 'By bundle import', 'Revision 00112233'],
    ]);
    expect(screen.getByTestId('studio-revisions').querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-04T09:30:00Z');
    // Every one but the newest, which is live.
    expect(restoreButtons()).toEqual([
      expect.stringMatching(/^Restore revision a1b2c3d4, of Dec 3, 2026, /),
      expect.stringMatching(/^Restore revision 00112233, of Dec 1, 2026, /),
    ]);
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'History' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('History of Marquee Cinemas | Studio'));
  });

  it('says when nothing has been published yet', async () => {
    stubHistoryApi(editor, () => []);
    renderStudio('/sites/demo/history');
    expect(await screen.findByText('Nothing has been published on this site yet.')).toBeTruthy();
  });

  it('restores a revision once confirmed, says so, and reads the history again', async () => {
    const restored: Revision = { revision: 'ffeeddccbbaa998877665544', at: '2026-12-05T10:00:00Z', by: 'Grace Hopper', summary: 'restored' };
    let revisions = [newest, earlier, first];
    const calls = stubHistoryApi(editor, () => revisions, {
      [`POST /sites/demo/revisions/${earlier.revision}/restore`]: () => {
        revisions = [restored, ...revisions];
        return { status: 200, body: { revision: restored.revision } };
      },
    });
    renderStudio('/sites/demo/history');
    const [restore] = within(await screen.findByTestId('studio-revisions')).getAllByRole('button', { name: /^Restore revision a1b2c3d4/ });
    if (!restore) throw new Error('no Restore button');
    restore.focus();
    fireEvent.click(restore);
    const dialog = await screen.findByRole('dialog', { name: 'Restore revision a1b2c3d4?' });
    expect(within(dialog).getByText(/^The settings, pages and events it holds, as Box office feed published them on Dec 3, 2026, /)).toBeTruthy();
    // Nothing is sent until it is confirmed.
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(restore);
    await waitFor(() =>
      expect(screen.getByTestId('studio-restore-outcome').textContent).toBe('Revision a1b2c3d4 was restored: it is live again as revision ffeeddcc.'),
    );
    expect(calls.filter(({ method }) => method === 'POST').map(({ path, body }) => [path, body])).toEqual([
      [`/sites/demo/revisions/${earlier.revision}/restore`, {}],
    ]);
    await waitFor(() => expect(listed()).toHaveLength(4));
    expect(listed()[0]?.[3]).toBe('Revision ffeeddcc');
  });

  it('keeps the revision when the confirmation is cancelled', async () => {
    const calls = stubHistoryApi(editor, () => [newest, earlier]);
    renderStudio('/sites/demo/history');
    const [restore] = within(await screen.findByTestId('studio-revisions')).getAllByRole('button');
    if (!restore) throw new Error('no Restore button');
    fireEvent.click(restore);
    const dialog = await screen.findByRole('dialog', { name: 'Restore revision a1b2c3d4?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it('says why a revision was not restored (422)', async () => {
    stubHistoryApi(editor, () => [newest, earlier], {
      [`POST /sites/demo/revisions/${earlier.revision}/restore`]: studioError(
        422,
        'failed_precondition',
        "event '42' is at theater 103, which the site no longer has",
      ),
    });
    renderStudio('/sites/demo/history');
    const [restore] = within(await screen.findByTestId('studio-revisions')).getAllByRole('button');
    if (!restore) throw new Error('no Restore button');
    fireEvent.click(restore);
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore' }));
    const refused = await screen.findByText("The revision was not restored: event '42' is at theater 103, which the site no longer has");
    expect(refused.getAttribute('role')).toBe('alert');
  });

  it('shows a viewer the history to read, with nothing to restore', async () => {
    stubHistoryApi(viewer, () => [newest, earlier, first]);
    renderStudio('/sites/demo/history');
    await screen.findByTestId('studio-revisions');
    expect(listed()).toHaveLength(3);
    expect(restoreButtons()).toEqual([]);
  });
});
