import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { studioKeys } from '../hooks/studio-keys';
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

const linkForm = () => screen.queryByRole('form', { name: 'Sign in with a link by e-mail' });

const singleSignOnLink = () => screen.queryByRole('link', { name: "Sign in with your organisation's account" });

/** The ways in besides a passkey, as GET /sign-in/methods answers them. */
function methods(emailLink: boolean, singleSignOn: boolean) {
  return { status: 200, body: { emailLink, singleSignOn } };
}

/** Once the studio has said which ways in it offers (or failed to), the screen shows them. */
async function methodsSettled(queryClient: ReturnType<typeof renderStudio>['queryClient']) {
  await waitFor(() => expect(queryClient.getQueryState(studioKeys.signInMethods())?.status).toMatch(/^(success|error)$/));
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
      ['unavailable', 'The studio could not sign you in just now. Try again in a moment.'],
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
      // Signed out, the sign-in screen asks which other ways in the platform offers.
      ['GET', '/sign-in/methods', undefined],
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

describe('the ways in the platform offers', () => {
  it("offers single sign-on after the passkey, as a plain link to the gateway's page", async () => {
    stubPasskeyBrowser();
    stubStudioApi({ 'GET /me': signedOut, 'GET /sign-in/methods': methods(true, true) });
    renderStudio('/');
    await waitFor(() => expect(singleSignOnLink()).toBeTruthy());
    const link = singleSignOnLink() as HTMLElement;
    expect(link.getAttribute('href')).toBe('/sign-in/sso');
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    // After the passkey's button, before the link by e-mail.
    expect(passkeyButton().compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(link.compareDocumentPosition(linkForm() as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers no single sign-on where the platform has none', async () => {
    stubStudioApi({ 'GET /me': signedOut, 'GET /sign-in/methods': methods(true, false) });
    const { queryClient } = renderStudio('/');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' });
    await methodsSettled(queryClient);
    expect(singleSignOnLink()).toBeNull();
    expect(linkForm()).toBeTruthy();
  });

  it('hides the link by e-mail where the platform turned it off', async () => {
    stubStudioApi({ 'GET /me': signedOut, 'GET /sign-in/methods': methods(false, true) });
    renderStudio('/');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' });
    await waitFor(() => expect(singleSignOnLink()).toBeTruthy());
    expect(linkForm()).toBeNull();
  });

  it('offers the link by e-mail alone when the studio cannot say which ways it offers', async () => {
    stubStudioApi({ 'GET /me': signedOut, 'GET /sign-in/methods': studioError(503, 'service_unavailable', 'unavailable') });
    const { queryClient } = renderStudio('/');
    await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' });
    await methodsSettled(queryClient);
    expect(queryClient.getQueryState(studioKeys.signInMethods())?.status).toBe('error');
    expect(linkForm()).toBeTruthy();
    expect(singleSignOnLink()).toBeNull();
  });

  it('says why a single sign-on led here', async () => {
    for (const [why, text] of [
      ['sso-declined', "The sign-in was declined at your organisation's account, so you are not signed in. Try again when you are ready."],
      [
        'sso-unusable',
        "The sign-in with your organisation's account could not be finished: it was begun in another browser, was already used or took too long, or the studio did not accept your organisation's answer. Start again below.",
      ],
      [
        'sso-not-staff',
        "Your organisation's account has an e-mail address that belongs to no member of the staff. Ask an administrator to invite you with that address.",
      ],
      ['sso-off', "Signing in with your organisation's account is turned off on this platform."],
    ]) {
      stubStudioApi({ 'GET /me': signedOut, 'GET /sign-in/methods': methods(true, why !== 'sso-off') });
      renderStudio(`/?sign-in=${why}`);
      expect(await screen.findByText(text ?? '')).toBeTruthy();
      cleanup();
      vi.unstubAllGlobals();
    }
  });
});
