import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { assertion, requestOptions, stubPasskeyBrowser } from '../testing/passkeys';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubStudioApi, studioError } from '../testing/studio-api';
import { editor, signedOut } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const passkeyButton = () => screen.getByRole('button', { name: 'Sign in with a passkey' });

/** What the passkey sign-in says, in its own live region beside its button. */
function passkeyStatus() {
  return within(passkeyButton().parentElement as HTMLElement).getByRole('status');
}

/** What the link form says, in its own live region. */
function linkStatus() {
  return within(screen.getByRole('form', { name: 'Sign in with a link by e-mail' })).getByRole('status');
}

describe('signing in with a link by e-mail', () => {
  it('asks for a link and says the same whether or not the address is staff', async () => {
    const calls = stubStudioApi({ 'GET /me': signedOut, 'POST /sign-in/link': { status: 202 } });
    renderStudio('/');
    fireEvent.change(await screen.findByLabelText('Your e-mail address'), { target: { value: ' ana@chain.example ' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await waitFor(() =>
      expect(linkStatus().textContent).toBe(
        'If ana@chain.example belongs to a member of the staff, a sign-in link is on its way. It works once, within 15 minutes.',
      ),
    );
    expect(calls.filter(({ method }) => method === 'POST').map(({ path, body }) => [path, body])).toEqual([
      ['/sign-in/link', { email: 'ana@chain.example' }],
    ]);
  });

  it('checks the address before it sends anything', async () => {
    const calls = stubStudioApi({ 'GET /me': signedOut });
    renderStudio('/');
    const field = await screen.findByLabelText('Your e-mail address');
    fireEvent.change(field, { target: { value: 'ana' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it('says when e-mail sign-in is off or the studio cannot send', async () => {
    let answer = studioError(422, 'failed_precondition', 'e-mail sign-in is off');
    stubStudioApi({ 'GET /me': signedOut, 'POST /sign-in/link': () => answer });
    renderStudio('/');
    fireEvent.change(await screen.findByLabelText('Your e-mail address'), { target: { value: 'ana@chain.example' } });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await waitFor(() => expect(linkStatus().textContent).toBe('Signing in by e-mail is turned off on this platform.'));
    answer = studioError(503, 'service_unavailable', 'the link could not be mailed');
    fireEvent.click(screen.getByRole('button', { name: 'E-mail me a sign-in link' }));
    await waitFor(() =>
      expect(linkStatus().textContent).toBe('The studio could not send the link just now. Try again in a moment.'),
    );
  });

  it('says why a mailed link led here', async () => {
    for (const [why, text] of [
      ['unusable', 'That sign-in link has been used or has expired. Ask for a new one below.'],
      ['off', 'Signing in by e-mail is turned off on this platform.'],
      ['unavailable', 'The studio could not take that sign-in link just now. Open it again in a moment.'],
    ]) {
      stubStudioApi({ 'GET /me': signedOut });
      renderStudio(`/?sign-in=${why}`);
      expect(await screen.findByText(text ?? '')).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});

describe('signing in with a passkey', () => {
  it('comes first, before the link by e-mail', async () => {
    stubPasskeyBrowser();
    stubStudioApi({ 'GET /me': signedOut });
    renderStudio('/');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' });
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Sign in with a passkey',
      'E-mail me a sign-in link',
    ]);
    expect(passkeyButton().getAttribute('aria-describedby')).toBeTruthy();
  });

  it('signs in with the passkey the browser gives and shows the start page, signed in, its heading focused', async () => {
    const browser = stubPasskeyBrowser({ get: () => Promise.resolve(assertion) });
    const calls = stubStudioApi({
      'GET /me': signedOut,
      'POST /sign-in/passkey/options': { status: 200, body: requestOptions },
      'POST /sign-in/passkey': { status: 200, body: editor },
      'GET /sites': { status: 200, body: [] },
    });
    renderStudio('/?sign-in=unusable');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your access' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByTestId('studio-staff-name').textContent).toBe('Signed in as Grace Hopper');
    expect(screen.getByTestId('studio-address').textContent).toBe('/');
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/me', undefined],
      ['POST', '/sign-in/passkey/options', {}],
      ['POST', '/sign-in/passkey', { credential: assertion }],
      // Signed in, the start page asks for the sites they may open.
      ['GET', '/sites', undefined],
    ]);
    expect(browser.parseRequestOptionsFromJSON).toHaveBeenCalledWith(requestOptions);
    expect(browser.credentials.get).toHaveBeenCalledWith({ publicKey: { parsedFrom: requestOptions } });
  });

  it('says calmly that no passkey was used when the prompt was closed or timed out, and can be tried again', async () => {
    stubPasskeyBrowser();
    const calls = stubStudioApi({ 'GET /me': signedOut, 'POST /sign-in/passkey/options': { status: 200, body: requestOptions } });
    renderStudio('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() =>
      expect(passkeyStatus().textContent).toBe(
        'No passkey was used: the request was cancelled or timed out. Try again when you are ready.',
      ),
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(passkeyButton().getAttribute('aria-disabled')).toBeNull();
    expect(calls.filter(({ path }) => path === '/sign-in/passkey')).toEqual([]);
  });

  it.each([
    [
      'a passkey the studio does not know, or a sign-in that took too long (401)',
      studioError(401, 'unauthenticated', 'unknown passkey'),
      'This passkey is not registered with the studio, or the sign-in took too long: try again.',
    ],
    [
      'an assertion the studio refuses (400)',
      studioError(400, 'invalid_argument', 'the user was not verified'),
      'The studio did not accept this passkey: the user was not verified',
    ],
    ['an unavailable service (503)', studioError(503, 'service_unavailable', 'unavailable'), "The studio's service is unavailable. Try again in a moment."],
  ])('says what went wrong with %s, and stays on the sign-in screen', async (_case, answer, text) => {
    stubPasskeyBrowser({ get: () => Promise.resolve(assertion) });
    stubStudioApi({
      'GET /me': signedOut,
      'POST /sign-in/passkey/options': { status: 200, body: requestOptions },
      'POST /sign-in/passkey': answer,
    });
    renderStudio('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(passkeyStatus().textContent).toBe(text));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
  });

  it('says when the browser cannot use passkeys, and offers the link by e-mail alone', async () => {
    stubStudioApi({ 'GET /me': signedOut });
    renderStudio('/');
    expect(await screen.findByText('This browser cannot use passkeys. Sign in with a link by e-mail instead.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeTruthy();
  });
});
