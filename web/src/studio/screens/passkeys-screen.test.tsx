import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Passkey } from '../api';
import { alreadyRegisteredPrompt, creationOptions, newCredential, stubPasskeyBrowser } from '../testing/passkeys';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubStudioApi, studioError, type StudioAnswers } from '../testing/studio-api';
import { editor } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const laptop: Passkey = { id: 'pk-2', label: 'Work laptop', createdAt: '2026-12-02T09:30:00Z', lastUsedAt: '2026-12-03T14:05:00Z' };
const phone: Passkey = { id: 'pk-1', label: 'Phone', createdAt: '2026-11-20T18:00:00Z', lastUsedAt: null };
const added: Passkey = { id: 'pk-3', label: 'Desk', createdAt: '2026-12-04T08:00:00Z', lastUsedAt: null };

/** The passkeys listed, each as its lines of text. */
function listed(): string[][] {
  const list = screen.queryByTestId('studio-passkeys');
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => Array.from(item.querySelectorAll('p'), (line) => line.textContent));
}

/** What the add form says, in its own live region. */
function addStatus() {
  return within(screen.getByRole('form', { name: 'Add a passkey' })).getByRole('status');
}

const addButton = () => screen.getByRole('button', { name: 'Add a passkey' });

/** The studio's API with the signed-in editor's `passkeys` (an array the test may change). */
function stubPasskeysApi(passkeys: Passkey[], answers: StudioAnswers = {}) {
  return stubStudioApi({
    'GET /me': { status: 200, body: editor },
    'GET /passkeys': () => ({ status: 200, body: passkeys }),
    ...answers,
  });
}

describe("the staff member's passkeys", () => {
  it('lists each passkey with when it was added and last used, in the staff member\'s language', async () => {
    stubPasskeyBrowser();
    stubPasskeysApi([laptop, phone]);
    renderStudio('/passkeys');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your passkeys' })).toBeTruthy();
    await screen.findByTestId('studio-passkeys');
    expect(listed()).toEqual([
      ['Work laptop', expect.stringMatching(/^Added Dec 2, 2026, \d+:30 [AP]M$/), expect.stringMatching(/^Last used Dec 3, 2026, \d+:05 [AP]M$/)],
      ['Phone', expect.stringMatching(/^Added Nov 20, 2026, /), 'Not used to sign in yet'],
    ]);
    expect(screen.getAllByRole('listitem')[0]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-02T09:30:00Z');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Your passkeys' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Your passkeys | Studio'));
  });

  it('says when there is none yet', async () => {
    stubPasskeyBrowser();
    stubPasskeysApi([]);
    renderStudio('/passkeys');
    expect(await screen.findByText('You have no passkey yet.')).toBeTruthy();
    expect(addButton()).toBeTruthy();
  });

  it('is reached from the header of the start page', async () => {
    stubPasskeyBrowser();
    stubPasskeysApi([phone]);
    renderStudio('/');
    fireEvent.click(await screen.findByRole('link', { name: 'Your passkeys' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your passkeys' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/passkeys');
  });

  it('leads to the sign-in screen without a session', async () => {
    stubStudioApi({ 'GET /me': studioError(401, 'unauthenticated', 'no session') });
    renderStudio('/passkeys');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/');
  });

  it('adds a passkey with the name given, lists it, and says so', async () => {
    const passkeys = [laptop];
    const browser = stubPasskeyBrowser({ create: () => Promise.resolve(newCredential) });
    const calls = stubPasskeysApi(passkeys, {
      'POST /passkeys/options': { status: 200, body: creationOptions },
      'POST /passkeys': () => {
        passkeys.unshift(added);
        return { status: 201, body: editor };
      },
    });
    renderStudio('/passkeys');
    await screen.findByTestId('studio-passkeys');
    const label = screen.getByRole('textbox', { name: 'Name of the passkey (optional)' });
    fireEvent.change(label, { target: { value: ' Desk ' } });
    fireEvent.click(addButton());
    await waitFor(() => expect(addStatus().textContent).toBe('The passkey Desk was added.'));
    expect(listed().map(([name]) => name)).toEqual(['Desk', 'Work laptop']);
    expect(label).toHaveProperty('value', '');
    expect(calls.filter(({ method }) => method !== 'GET').map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/passkeys/options', {}],
      ['POST', '/passkeys', { credential: newCredential, label: 'Desk' }],
    ]);
    expect(browser.credentials.create).toHaveBeenCalledWith({ publicKey: { parsedFrom: creationOptions } });
  });

  it('adds a passkey without a name, sending none', async () => {
    stubPasskeyBrowser({ create: () => Promise.resolve(newCredential) });
    const calls = stubPasskeysApi([], {
      'POST /passkeys/options': { status: 200, body: creationOptions },
      'POST /passkeys': { status: 201, body: editor },
    });
    renderStudio('/passkeys');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    await waitFor(() => expect(addStatus().textContent).toBe('The passkey was added.'));
    expect(calls.find(({ method, path }) => method === 'POST' && path === '/passkeys')?.body).toEqual({ credential: newCredential });
  });

  it.each([
    [
      'the prompt closed or timed out',
      undefined,
      undefined,
      'No passkey was added: the request was cancelled or timed out. Try again when you are ready.',
    ],
    [
      'an authenticator that holds one of their passkeys already',
      alreadyRegisteredPrompt,
      undefined,
      'This device or password manager already holds one of your passkeys for the studio.',
    ],
    [
      'a credential the studio refuses',
      () => Promise.resolve(newCredential),
      studioError(400, 'invalid_argument', 'the attestation does not verify'),
      'The studio did not accept this passkey: the attestation does not verify',
    ],
  ])('says what came of an attempt that added none: %s', async (_case, create, registration, text) => {
    stubPasskeyBrowser({ create });
    const calls = stubPasskeysApi([laptop], {
      'POST /passkeys/options': { status: 200, body: creationOptions },
      'POST /passkeys': registration ?? { status: 201, body: editor },
    });
    renderStudio('/passkeys');
    await screen.findByTestId('studio-passkeys');
    fireEvent.click(addButton());
    await waitFor(() => expect(addStatus().textContent).toBe(text));
    expect(listed().map(([name]) => name)).toEqual(['Work laptop']);
    if (!registration) expect(calls.filter(({ method, path }) => method === 'POST' && path === '/passkeys')).toEqual([]);
  });

  it("puts the server's refusal of the name on its field", async () => {
    stubPasskeyBrowser({ create: () => Promise.resolve(newCredential) });
    stubPasskeysApi([], {
      'POST /passkeys/options': { status: 200, body: creationOptions },
      'POST /passkeys': studioError(400, 'invalid_argument', 'label is longer than 100 characters', 'label'),
    });
    renderStudio('/passkeys');
    const label = await screen.findByRole('textbox', { name: 'Name of the passkey (optional)' });
    fireEvent.change(label, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(addButton());
    await waitFor(() => expect(label.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(label);
    expect(addStatus().textContent).toBe('');
  });

  it('says when the browser cannot make passkeys, and still lists them', async () => {
    stubPasskeysApi([phone]);
    renderStudio('/passkeys');
    expect(
      await screen.findByText('This browser cannot make passkeys. Open the studio in a recent version of Chrome, Edge, Firefox or Safari to add one.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).toBeNull();
    await screen.findByTestId('studio-passkeys');
    expect(listed().map(([name]) => name)).toEqual(['Phone']);
  });

  it('asks before it removes a passkey: keeping it gives the focus back and removes nothing', async () => {
    stubPasskeyBrowser();
    const calls = stubPasskeysApi([laptop, phone]);
    renderStudio('/passkeys');
    const remove = await screen.findByRole('button', { name: 'Remove the passkey Phone' });
    expect(remove.textContent).toBe('Remove');
    fireEvent.click(remove);
    const confirmation = screen.getByRole('group', { name: 'Remove the passkey Phone' });
    const question = within(confirmation).getByText('Remove the passkey Phone? You will no longer be able to sign in with it.');
    await waitFor(() => expect(document.activeElement).toBe(question));
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Keep it' }));
    const again = await screen.findByRole('button', { name: 'Remove the passkey Phone' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(screen.queryByRole('group')).toBeNull();
    expect(calls.filter(({ method }) => method === 'DELETE')).toEqual([]);
  });

  it('removes a passkey once confirmed, and says so, the heading focused', async () => {
    const passkeys = [laptop, phone];
    stubPasskeyBrowser();
    const calls = stubPasskeysApi(passkeys, {
      'DELETE /passkeys/pk-1': () => {
        passkeys.pop();
        return { status: 204 };
      },
    });
    renderStudio('/passkeys');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    await waitFor(() => expect(listed().map(([name]) => name)).toEqual(['Work laptop']));
    expect(screen.getByText('The passkey Phone was removed.').getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Your passkeys' }));
    expect(calls.filter(({ method }) => method === 'DELETE').map(({ path, body }) => [path, body])).toEqual([['/passkeys/pk-1', {}]]);
  });

  it('says why the last passkey cannot be removed while signing in by e-mail is off, and keeps it', async () => {
    stubPasskeyBrowser();
    stubPasskeysApi([phone], {
      'DELETE /passkeys/pk-1': studioError(409, 'failed_precondition', 'the last passkey cannot be removed while e-mail sign-in is off'),
    });
    renderStudio('/passkeys');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Phone' }));
    const confirmation = screen.getByRole('group', { name: 'Remove the passkey Phone' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Remove it' }));
    await waitFor(() =>
      expect(within(confirmation).getByRole('alert').textContent).toBe(
        'This is your last passkey and signing in by e-mail is off, so without it you could not sign in. Add another passkey first.',
      ),
    );
    expect(listed().map(([name]) => name)).toEqual(['Phone']);
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Keep it' }));
    expect(await screen.findByRole('button', { name: 'Remove the passkey Phone' })).toBeTruthy();
  });

  it('takes a passkey removed meanwhile, elsewhere, as removed', async () => {
    const passkeys = [phone];
    stubPasskeyBrowser();
    stubPasskeysApi(passkeys, {
      'DELETE /passkeys/pk-1': () => {
        passkeys.pop();
        return studioError(404, 'not_found', 'no such passkey');
      },
    });
    renderStudio('/passkeys');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    expect(await screen.findByText('You have no passkey yet.')).toBeTruthy();
    expect(screen.getByText('The passkey Phone was removed.')).toBeTruthy();
  });

  it('leads to the sign-in screen when the session ended meanwhile', async () => {
    stubPasskeyBrowser();
    let signedIn = true;
    stubStudioApi({
      'GET /me': () => (signedIn ? { status: 200, body: editor } : studioError(401, 'unauthenticated', 'no session')),
      'GET /passkeys': { status: 200, body: [phone] },
      'DELETE /passkeys/pk-1': () => {
        signedIn = false;
        return studioError(401, 'unauthenticated', 'no session');
      },
    });
    renderStudio('/passkeys');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the passkey Phone' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove it' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
    expect(screen.queryByTestId('studio-staff-name')).toBeNull();
  });
});
