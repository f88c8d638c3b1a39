import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { IngestKey, IngestKeyCreated, Me } from '../api';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswers } from '../testing/studio-api';
import { admin, demo, editor, operator, single } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const boxOffice: IngestKey = { id: '0a1b2c3d4e5f6a7b', label: 'Box office', createdAt: '2026-12-03T14:00:00Z' };
const kiosk: IngestKey = { id: '8c9d0e1f2a3b4c5d', label: 'Lobby kiosk', createdAt: '2026-12-04T09:30:00Z' };
const made: IngestKeyCreated = {
  id: '1f2e3d4c5b6a7980',
  key: 'cik_9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  label: 'Screen 2 POS',
  createdAt: '2026-12-05T10:00:00Z',
};

/** The studio's API for `me` on the demo site, with its ingest `keys` (an array the test may change), and `answers` besides. */
function stubKeysApi(me: Me, keys: IngestKey[], answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], {
    'GET /sites/demo/ingest-keys': () => ({ status: 200, body: keys }),
    ...answers,
  });
}

/** The keys listed, each as its lines of text. */
function listed(): (string | null)[][] {
  const list = screen.queryByTestId('studio-ingest-keys');
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => Array.from(item.querySelectorAll('p'), (line) => line.textContent));
}

/** The times the list was asked for. */
const listReads = (calls: { method: string; path: string }[]) =>
  calls.filter(({ method, path }) => method === 'GET' && path === '/sites/demo/ingest-keys').length;

/** Stands in for the browser's clipboard; undone by vi.restoreAllMocks(). */
function stubClipboard(writeText: (text: string) => Promise<void> = () => Promise.resolve()) {
  const clipboard = { writeText: vi.fn(writeText) };
  vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue(clipboard as unknown as Clipboard);
  return clipboard;
}

const newKeyForm = () => screen.getByRole('form', { name: 'New key' });
const labelField = () => within(newKeyForm()).getByRole('textbox', { name: 'Label' });
const makeButton = () => within(newKeyForm()).getByRole('button', { name: 'Make key' });
const madeKey = () => screen.queryByTestId('studio-ingest-key-made');

describe("a site's ingest keys", () => {
  it('lists the keys in use, oldest first: label, when made and id, never their text', async () => {
    stubKeysApi(admin, [boxOffice, kiosk]);
    renderStudio('/sites/demo/ingest-keys');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ingest keys of Marquee Cinemas' })).toBeTruthy();
    expect(
      screen.getByText(
        'The point of sale of Marquee Cinemas writes its schedule through the ingest API (docs/ingest.md) with one of these keys. Each key is shown once, when it is made.',
      ),
    ).toBeTruthy();
    await screen.findByTestId('studio-ingest-keys');
    expect(listed()).toEqual([
      ['Box office', expect.stringMatching(/^Made on Dec \d+, 2026, /), 'Key id 0a1b2c3d4e5f6a7b'],
      ['Lobby kiosk', expect.stringMatching(/^Made on Dec \d+, 2026, /), 'Key id 8c9d0e1f2a3b4c5d'],
    ]);
    expect(screen.getByTestId('studio-ingest-keys').querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-03T14:00:00Z');
    expect(screen.getByRole('button', { name: 'Revoke the key Box office (0a1b2c3d4e5f6a7b)' }).textContent).toBe('Revoke');
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Ingest keys' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Ingest keys of Marquee Cinemas | Studio'));
  });

  it('says when no key is in use yet, and offers an operator the way here', async () => {
    stubKeysApi(operator, []);
    renderStudio('/sites/demo/ingest-keys');
    expect(await screen.findByText('No key in use yet.')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Ingest keys' }).getAttribute('href')).toBe('/sites/demo/ingest-keys');
  });

  it('makes a key and shows its text once, with the warning, until the staff member has kept it', async () => {
    const keys = [boxOffice];
    const calls = stubKeysApi(admin, keys, {
      'POST /sites/demo/ingest-keys': () => {
        keys.push({ id: made.id, label: made.label, createdAt: made.createdAt });
        return { status: 201, body: made };
      },
    });
    const clipboard = stubClipboard();
    renderStudio('/sites/demo/ingest-keys');
    await screen.findByTestId('studio-ingest-keys');
    fireEvent.change(labelField(), { target: { value: ' Screen 2 POS ' } });
    fireEvent.click(makeButton());

    const heading = await screen.findByRole('heading', { level: 3, name: 'The key Screen 2 POS was made' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const shown = within(madeKey() as HTMLElement);
    const text = shown.getByRole('textbox', { name: 'The key' });
    expect(text).toHaveProperty('value', made.key);
    expect(text).toHaveProperty('readOnly', true);
    expect(
      shown.getByText(
        'Copy it now and keep it where the point of sale can use it: it will not be shown again. The platform keeps only a fingerprint of it.',
      ),
    ).toBeTruthy();
    // The form gives way to the key, so that no second key replaces it unseen.
    expect(screen.queryByRole('form', { name: 'New key' })).toBeNull();
    expect(calls.filter(({ method }) => method === 'POST').map(({ path, body }) => [path, body])).toEqual([
      ['/sites/demo/ingest-keys', { label: 'Screen 2 POS' }],
    ]);
    // The list is asked again, and names the new key, without its text.
    await waitFor(() => expect(listed().map(([label]) => label)).toEqual(['Box office', 'Screen 2 POS']));
    expect(listReads(calls)).toBe(2);
    expect(screen.getByTestId('studio-ingest-keys').textContent).not.toContain(made.key);

    fireEvent.click(shown.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(shown.getByRole('status').textContent).toBe('Copied'));
    expect(clipboard.writeText.mock.calls).toEqual([[made.key]]);

    fireEvent.click(shown.getByRole('button', { name: 'I have kept it' }));
    await waitFor(() => expect(madeKey()).toBeNull());
    expect(document.body.textContent).not.toContain(made.key);
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'New key' }));
    // Ready for the next one.
    expect(labelField()).toHaveProperty('value', '');
  });

  it('says so when the key could not be copied, and keeps showing it', async () => {
    stubKeysApi(admin, [], { 'POST /sites/demo/ingest-keys': { status: 201, body: made } });
    stubClipboard(() => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')));
    renderStudio('/sites/demo/ingest-keys');
    await screen.findByText('No key in use yet.');
    fireEvent.change(labelField(), { target: { value: 'Screen 2 POS' } });
    fireEvent.click(makeButton());
    fireEvent.click(await screen.findByRole('button', { name: 'Copy' }));
    const shown = within(madeKey() as HTMLElement);
    await waitFor(() => expect(shown.getByRole('status').textContent).toBe('The key could not be copied: select it and copy it yourself.'));
    expect(shown.getByRole('textbox', { name: 'The key' })).toHaveProperty('value', made.key);
  });

  it('checks the label before it sends anything', async () => {
    const calls = stubKeysApi(admin, []);
    renderStudio('/sites/demo/ingest-keys');
    await screen.findByText('No key in use yet.');
    fireEvent.change(labelField(), { target: { value: '   ' } });
    fireEvent.click(makeButton());
    await waitFor(() => expect(labelField().getAttribute('aria-invalid')).toBe('true'));
    expect(within(newKeyForm()).getByText('Enter a label for the key.')).toBeTruthy();
    fireEvent.change(labelField(), { target: { value: 'a'.repeat(101) } });
    fireEvent.click(makeButton());
    expect(await within(newKeyForm()).findByText('The label can be 100 characters at most.')).toBeTruthy();
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it("puts the server's refusal of the label on its field, and focuses it", async () => {
    stubKeysApi(admin, [], {
      'POST /sites/demo/ingest-keys': studioError(400, 'invalid_argument', 'no control characters', 'label'),
    });
    renderStudio('/sites/demo/ingest-keys');
    await screen.findByText('No key in use yet.');
    fireEvent.change(labelField(), { target: { value: 'Box office' } });
    fireEvent.click(makeButton());
    await waitFor(() => expect(labelField().getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(labelField());
    expect(within(newKeyForm()).getByText('no control characters')).toBeTruthy();
    expect(within(newKeyForm()).getByRole('status').textContent).toBe('');
    expect(madeKey()).toBeNull();
    // What was typed stays, to be corrected.
    expect(labelField()).toHaveProperty('value', 'Box office');
  });

  it.each([
    [studioError(403, 'permission_denied', 'not an administrator of demo'), 'Your role on Marquee Cinemas does not allow you to make its ingest keys.'],
    [
      studioError(503, 'service_unavailable', 'svc-catalogue is unavailable'),
      "The key could not be made: the studio's service is unavailable. Try again in a moment.",
    ],
  ])('says why no key was made (%j)', async (answer, text) => {
    stubKeysApi(admin, [], { 'POST /sites/demo/ingest-keys': answer });
    renderStudio('/sites/demo/ingest-keys');
    await screen.findByText('No key in use yet.');
    fireEvent.change(labelField(), { target: { value: 'Box office' } });
    fireEvent.click(makeButton());
    await waitFor(() => expect(within(newKeyForm()).getByRole('status').textContent).toBe(text));
    expect(madeKey()).toBeNull();
  });

  it('asks before it revokes a key: keeping it gives the focus back and revokes nothing', async () => {
    const calls = stubKeysApi(admin, [boxOffice, kiosk]);
    renderStudio('/sites/demo/ingest-keys');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key Box office (0a1b2c3d4e5f6a7b)' }));
    const confirmation = screen.getByRole('group', { name: 'Revoke the key Box office (0a1b2c3d4e5f6a7b)' });
    const question = within(confirmation).getByText(
      'Revoke the key Box office? The ingest API refuses every write with it from then on: whatever holds it can no longer change the schedule.',
    );
    await waitFor(() => expect(document.activeElement).toBe(question));
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Keep it' }));
    const again = await screen.findByRole('button', { name: 'Revoke the key Box office (0a1b2c3d4e5f6a7b)' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(calls.filter(({ method }) => method === 'DELETE')).toEqual([]);
  });

  it('revokes a key once confirmed, with a JSON body, asks for the list again and says so, its heading focused', async () => {
    const keys = [boxOffice, kiosk];
    const calls = stubKeysApi(admin, keys, {
      'DELETE /sites/demo/ingest-keys/0a1b2c3d4e5f6a7b': () => {
        keys.shift();
        return { status: 204 };
      },
    });
    renderStudio('/sites/demo/ingest-keys');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key Box office (0a1b2c3d4e5f6a7b)' }));
    const confirmation = screen.getByRole('group', { name: 'Revoke the key Box office (0a1b2c3d4e5f6a7b)' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Revoke the key' }));
    await waitFor(() => expect(listed().map(([label]) => label)).toEqual(['Lobby kiosk']));
    expect(screen.getByText('The key Box office was revoked.').getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'Keys in use' }));
    expect(calls.filter(({ method }) => method === 'DELETE').map(({ path, body }) => [path, body])).toEqual([
      ['/sites/demo/ingest-keys/0a1b2c3d4e5f6a7b', {}],
    ]);
    expect(listReads(calls)).toBe(2);
  });

  it('says why a key was not revoked, and keeps it listed', async () => {
    stubKeysApi(admin, [boxOffice], {
      'DELETE /sites/demo/ingest-keys/0a1b2c3d4e5f6a7b': studioError(503, 'service_unavailable', 'svc-catalogue is unavailable'),
    });
    renderStudio('/sites/demo/ingest-keys');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke the key Box office (0a1b2c3d4e5f6a7b)' }));
    const confirmation = screen.getByRole('group', { name: 'Revoke the key Box office (0a1b2c3d4e5f6a7b)' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Revoke the key' }));
    await waitFor(() =>
      expect(within(confirmation).getByRole('alert').textContent).toBe(
        "The key could not be revoked: the studio's service is unavailable. Try again in a moment.",
      ),
    );
    expect(listed().map(([label]) => label)).toEqual(['Box office']);
  });

  it('tells an editor their role does not allow it, offers no way here, and asks the server nothing of it', async () => {
    const calls = stubKeysApi(editor, [boxOffice]);
    renderStudio('/sites/demo/ingest-keys');
    expect(await screen.findByTestId('studio-ingest-keys-refused')).toBeTruthy();
    expect(
      screen.getByText(
        'Your role on Marquee Cinemas does not allow you to manage its ingest keys: its administrators and the operators do. Ask one of them.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'New key' })).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).queryByRole('link', { name: 'Ingest keys' })).toBeNull();
    expect(calls.map(({ path }) => path)).toEqual(['/me', '/sites']);
  });

  it('says the role does not allow it when the server refuses the keys (403): the grants changed meanwhile', async () => {
    stubKeysApi(admin, [], { 'GET /sites/demo/ingest-keys': studioError(403, 'permission_denied', 'not an administrator of demo') });
    renderStudio('/sites/demo/ingest-keys');
    expect(await screen.findByTestId('studio-ingest-keys-refused')).toBeTruthy();
    expect(screen.queryByTestId('studio-ingest-keys')).toBeNull();
    expect(screen.queryByRole('form', { name: 'New key' })).toBeNull();
  });

  it('says the site is no longer the staff member\'s when the server knows them on it no more (404)', async () => {
    stubKeysApi(admin, [], { 'GET /sites/demo/ingest-keys': studioError(404, 'not_found', 'no such site') });
    renderStudio('/sites/demo/ingest-keys');
    expect(await screen.findByTestId('studio-ingest-keys-not-found')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Go to the studio's start page" }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('form', { name: 'New key' })).toBeNull();
  });

  it("says the studio's service is unavailable (503) where the keys would be, and tries again on request", async () => {
    let available = false;
    stubKeysApi(admin, [], {
      'GET /sites/demo/ingest-keys': () =>
        available ? { status: 200, body: [boxOffice] } : studioError(503, 'service_unavailable', 'svc-studio is unavailable'),
    });
    renderStudio('/sites/demo/ingest-keys');
    expect(await screen.findByRole('heading', { level: 2, name: "The studio's service is unavailable" })).toBeTruthy();
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('studio-ingest-keys');
    expect(listed().map(([label]) => label)).toEqual(['Box office']);
  });
});
