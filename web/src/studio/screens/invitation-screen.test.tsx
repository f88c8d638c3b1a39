import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invitation } from '../api';
import { creationOptions, newCredential, stubPasskeyBrowser } from '../testing/passkeys';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubStudioApi, studioError } from '../testing/studio-api';
import { operator } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const editorInvitation: Invitation = {
  email: 'grace@example.com',
  role: 'editor',
  siteId: 'demo',
  theaterIds: [],
  expiresAt: '2026-12-03T14:00:00Z',
  acceptWithoutPasskey: true,
};
const firstOperatorInvitation: Invitation = { ...editorInvitation, email: null, role: 'operator', siteId: null };

const nameField = () => screen.getByRole('textbox', { name: 'Your name' });
const emailField = () => screen.getByRole('textbox', { name: 'Your e-mail address' });
const acceptButton = () => screen.getByRole('button', { name: 'Accept without a passkey' });
const passkeyButton = () => screen.getByRole('button', { name: 'Accept with a passkey' });

/** The elements `field`'s aria-describedby names, by their text. */
function description(field: HTMLElement): string[] {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`);
}

// Unless a test gives it passkeys (testing/passkeys.ts), the test's browser has none: the
// invitation is accepted without one, as the invitations of these tests allow.
describe('the invitation screen', () => {
  it('shows what the invitation grants, for whom and until when, and asks only for a name when it names the address', async () => {
    const calls = stubStudioApi({ 'POST /invitation': { status: 200, body: editorInvitation } });
    renderStudio('/invitation?token=tok-1');
    const offer = await screen.findByTestId('studio-invitation-offer');
    expect(screen.getByRole('heading', { level: 1, name: 'Your invitation to the studio' })).toBeTruthy();
    expect(offer.textContent).toContain('You are invited as editor of the site demo.');
    expect(offer.textContent).toContain('The invitation is for grace@example.com.');
    expect(offer.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-03T14:00:00Z');
    expect(offer.textContent).toMatch(/It expires on December \d+, 2026 at /);
    expect(nameField()).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your e-mail address' })).toBeNull();
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([['POST', '/invitation', { token: 'tok-1' }]]);
    await waitFor(() => expect(document.title).toBe('Your invitation to the studio | Studio'));
  });

  it("offers an operator every site, and asks for the e-mail address the invitation does not name", async () => {
    stubStudioApi({ 'POST /invitation': { status: 200, body: { ...firstOperatorInvitation, role: 'theater-manager', siteId: 'demo', theaterIds: ['101', '102'] } } });
    renderStudio('/invitation?token=tok-1');
    expect((await screen.findByTestId('studio-invitation-offer')).textContent).toContain(
      'You are invited as theater manager of the site demo.For the theaters 101 and 102.',
    );
    cleanup();

    stubStudioApi({ 'POST /invitation': { status: 200, body: firstOperatorInvitation } });
    renderStudio('/invitation?token=tok-1');
    expect((await screen.findByTestId('studio-invitation-offer')).textContent).toContain('You are invited as operator of every site.');
    expect(emailField()).toHaveProperty('type', 'email');
  });

  it('shows what is wrong under each field, linked to it, and sends nothing', async () => {
    const calls = stubStudioApi({ 'POST /invitation': { status: 200, body: firstOperatorInvitation } });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(emailField(), { target: { value: 'not an address' } });
    fireEvent.click(acceptButton());
    await waitFor(() => expect(nameField().getAttribute('aria-invalid')).toBe('true'));
    expect(description(nameField())).toEqual(['As your colleagues will see it, up to 100 characters.', 'Enter your name.']);
    expect(description(emailField())).toEqual(['The address you will sign in with.', 'Enter an e-mail address such as name@example.com.']);
    expect(document.activeElement).toBe(nameField());

    fireEvent.change(nameField(), { target: { value: 'x'.repeat(101) } });
    await waitFor(() => expect(description(nameField())).toContain('Your name can be 100 characters at most.'));
    expect(calls.filter(({ path }) => path === '/invitations/accept')).toEqual([]);
  });

  it("puts the server's refusal on the field it names", async () => {
    stubStudioApi({
      'POST /invitation': { status: 200, body: firstOperatorInvitation },
      'POST /invitations/accept': studioError(400, 'invalid_argument', 'email is not an e-mail address', 'email'),
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: 'Ada Lovelace' } });
    fireEvent.change(emailField(), { target: { value: 'ada@localhost' } });
    fireEvent.click(acceptButton());
    await waitFor(() => expect(emailField().getAttribute('aria-invalid')).toBe('true'));
    expect(description(emailField())).toContain('email is not an e-mail address');
    expect(document.activeElement).toBe(emailField());
    expect(nameField().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('accepts the invitation and shows the start page, signed in', async () => {
    const calls = stubStudioApi({
      'POST /invitation': { status: 200, body: firstOperatorInvitation },
      'POST /invitations/accept': { status: 200, body: operator },
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: '  Ada Lovelace ' } });
    fireEvent.change(emailField(), { target: { value: 'ada@example.com' } });
    fireEvent.click(acceptButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your access' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/');
    expect(screen.getByTestId('studio-staff-name').textContent).toBe('Signed in as Ada Lovelace');
    expect(within(screen.getByTestId('studio-grants')).getByText('Every site')).toBeTruthy();
    expect(calls.find(({ path }) => path === '/invitations/accept')?.body).toEqual({
      token: 'tok-1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
    // The answer was the new staff member's /me: it is not asked again.
    expect(calls.filter(({ path }) => path === '/me')).toEqual([]);
  });

  it('sends no e-mail address when the invitation names one', async () => {
    const calls = stubStudioApi({
      'POST /invitation': { status: 200, body: editorInvitation },
      'POST /invitations/accept': { status: 200, body: operator },
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: 'Grace' } });
    fireEvent.click(acceptButton());
    await screen.findByRole('heading', { level: 1, name: 'Your access' });
    expect(calls.find(({ path }) => path === '/invitations/accept')?.body).toEqual({ token: 'tok-1', name: 'Grace' });
  });

  it.each([
    ['an unknown, used or expired invitation', '/invitation?token=used', studioError(401, 'unauthenticated', 'invitation unknown, used or expired')],
    ['a link without its token', '/invitation', undefined],
  ])('says what to do about %s', async (_case, path, answer) => {
    stubStudioApi(answer ? { 'POST /invitation': answer } : {});
    renderStudio(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByText('This invitation has been used, has expired or does not exist. Ask whoever invited you for a new one.')).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('says so when the invitation was used meanwhile', async () => {
    stubStudioApi({
      'POST /invitation': { status: 200, body: editorInvitation },
      'POST /invitations/accept': studioError(401, 'unauthenticated', 'invitation unknown, used or expired'),
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: 'Grace' } });
    fireEvent.click(acceptButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This invitation has been used, has expired or does not exist. Ask whoever invited you for a new one.',
      ),
    );
  });

  it('says a browser without passkeys can accept without one, and add a passkey later', async () => {
    stubStudioApi({ 'POST /invitation': { status: 200, body: editorInvitation } });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    expect(screen.getByText(/^This browser cannot make passkeys\. You may accept the invitation without one/)).toBeTruthy();
    expect(acceptButton()).toHaveProperty('type', 'submit');
    expect(screen.queryByRole('button', { name: 'Accept with a passkey' })).toBeNull();
  });

  it('says where an invitation needing a passkey can be accepted, in a browser that cannot make one, and offers no form', async () => {
    stubStudioApi({ 'POST /invitation': { status: 200, body: { ...editorInvitation, acceptWithoutPasskey: false } } });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    expect(
      screen.getByText(
        'This invitation is accepted with a passkey, which this browser cannot make. Open the invitation link in a recent version of Chrome, Edge, Firefox or Safari.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so when the server wants a passkey after all', async () => {
    stubStudioApi({
      'POST /invitation': { status: 200, body: editorInvitation },
      'POST /invitations/accept': studioError(412, 'failed_precondition', 'accepting without a passkey is off'),
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: 'Grace' } });
    fireEvent.click(acceptButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This invitation can only be accepted with a passkey.'));
  });

  it('says the invitation could not be accepted while the service is unavailable, and keeps what was typed', async () => {
    stubStudioApi({
      'POST /invitation': { status: 200, body: editorInvitation },
      'POST /invitations/accept': studioError(503, 'service_unavailable', 'svc-studio is unavailable'),
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: 'Grace' } });
    fireEvent.click(acceptButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        "The invitation could not be accepted: the studio's service is unavailable. Try again in a moment.",
      ),
    );
    expect(nameField()).toHaveProperty('value', 'Grace');
  });

  it("says the studio's service is unavailable, and tries again on request", async () => {
    let available = false;
    stubStudioApi({
      'POST /invitation': () =>
        available ? { status: 200, body: editorInvitation } : studioError(503, 'service_unavailable', 'svc-studio is unavailable'),
    });
    renderStudio('/invitation?token=tok-1');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { level: 1 }).textContent).toBe("The studio's service is unavailable");
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('studio-invitation-offer')).toBeTruthy();
  });
});

describe('accepting an invitation with a passkey', () => {
  /** What the studio was asked, but the invitation's own look-up. */
  /** The calls that accept the invitation: neither the invitation's nor the start page's reads once signed in. */
  const acceptanceCalls = (calls: { method: string; path: string; body: unknown }[]) =>
    calls.filter(({ method, path }) => method === 'POST' && path !== '/invitation').map(({ method, path, body }) => [method, path, body]);

  it('offers the passkey first, and accepting without one beside it only where the invitation allows it', async () => {
    stubPasskeyBrowser();
    stubStudioApi({ 'POST /invitation': { status: 200, body: editorInvitation } });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    expect(passkeyButton()).toHaveProperty('type', 'submit');
    expect(acceptButton()).toHaveProperty('type', 'button');
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Accept with a passkey', 'Accept without a passkey']);
    expect(screen.queryByText(/This browser cannot make passkeys/)).toBeNull();
    cleanup();

    stubStudioApi({ 'POST /invitation': { status: 200, body: { ...editorInvitation, acceptWithoutPasskey: false } } });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Accept with a passkey']);
    expect(nameField()).toBeTruthy();
  });

  it("registers the new staff member's first passkey and shows the start page, signed in", async () => {
    const browser = stubPasskeyBrowser({ create: () => Promise.resolve(newCredential) });
    const calls = stubStudioApi({
      'POST /invitation': { status: 200, body: firstOperatorInvitation },
      'POST /passkeys/options': { status: 200, body: creationOptions },
      'POST /passkeys': { status: 201, body: operator },
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: '  Ada Lovelace ' } });
    fireEvent.change(emailField(), { target: { value: 'ada@example.com' } });
    fireEvent.click(passkeyButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your access' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/');
    expect(screen.getByTestId('studio-staff-name').textContent).toBe('Signed in as Ada Lovelace');
    expect(acceptanceCalls(calls)).toEqual([
      ['POST', '/passkeys/options', { invitation: 'tok-1', name: 'Ada Lovelace', email: 'ada@example.com' }],
      ['POST', '/passkeys', { invitation: 'tok-1', credential: newCredential }],
    ]);
    expect(browser.parseCreationOptionsFromJSON).toHaveBeenCalledWith(creationOptions);
    expect(browser.credentials.create).toHaveBeenCalledWith({ publicKey: { parsedFrom: creationOptions } });
  });

  it('sends no e-mail address when the invitation names one, and accepts on the Enter key', async () => {
    stubPasskeyBrowser({ create: () => Promise.resolve(newCredential) });
    const calls = stubStudioApi({
      'POST /invitation': { status: 200, body: editorInvitation },
      'POST /passkeys/options': { status: 200, body: creationOptions },
      'POST /passkeys': { status: 201, body: operator },
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: 'Grace' } });
    fireEvent.submit(nameField().closest('form') as HTMLFormElement);
    await screen.findByRole('heading', { level: 1, name: 'Your access' });
    expect(calls.find(({ path }) => path === '/passkeys/options')?.body).toEqual({ invitation: 'tok-1', name: 'Grace' });
  });

  it('checks the fields before the browser is asked for anything', async () => {
    const browser = stubPasskeyBrowser();
    const calls = stubStudioApi({ 'POST /invitation': { status: 200, body: firstOperatorInvitation } });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.click(passkeyButton());
    await waitFor(() => expect(nameField().getAttribute('aria-invalid')).toBe('true'));
    expect(emailField().getAttribute('aria-invalid')).toBe('true');
    expect(acceptanceCalls(calls)).toEqual([]);
    expect(browser.credentials.create).not.toHaveBeenCalled();
  });

  it("puts the server's refusal of the name on its field, before any prompt", async () => {
    const browser = stubPasskeyBrowser();
    stubStudioApi({
      'POST /invitation': { status: 200, body: editorInvitation },
      'POST /passkeys/options': studioError(400, 'invalid_argument', 'name has a control character', 'name'),
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: 'Grace' } });
    fireEvent.click(passkeyButton());
    await waitFor(() => expect(nameField().getAttribute('aria-invalid')).toBe('true'));
    expect(description(nameField())).toContain('name has a control character');
    expect(document.activeElement).toBe(nameField());
    expect(screen.getByRole('alert').textContent).toBe('');
    expect(browser.credentials.create).not.toHaveBeenCalled();
  });

  it('says calmly that no passkey was made when the prompt was closed, and keeps the invitation and what was typed', async () => {
    const calls = stubStudioApi({
      'POST /invitation': { status: 200, body: editorInvitation },
      'POST /passkeys/options': { status: 200, body: creationOptions },
    });
    stubPasskeyBrowser();
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: 'Grace' } });
    fireEvent.click(passkeyButton());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'No passkey was made, and the invitation is still yours: the request was cancelled or timed out. Accept again when you are ready.',
      ),
    );
    expect(nameField()).toHaveProperty('value', 'Grace');
    expect(passkeyButton()).toBeTruthy();
    expect(calls.filter(({ path }) => path === '/passkeys')).toEqual([]);
  });

  it.each([
    [
      'the invitation used or expired meanwhile (401)',
      studioError(401, 'unauthenticated', 'invitation unknown, used or expired'),
      'This invitation has been used, has expired or does not exist. Ask whoever invited you for a new one.',
    ],
    [
      'the credential refused (400)',
      studioError(400, 'invalid_argument', 'the passkey does not verify the user'),
      'The studio did not accept this: the passkey does not verify the user',
    ],
  ])('says so when the studio refuses the passkey: %s', async (_case, answer, text) => {
    stubPasskeyBrowser({ create: () => Promise.resolve(newCredential) });
    stubStudioApi({
      'POST /invitation': { status: 200, body: editorInvitation },
      'POST /passkeys/options': { status: 200, body: creationOptions },
      'POST /passkeys': answer,
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: 'Grace' } });
    fireEvent.click(passkeyButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(text));
    expect(nameField().getAttribute('aria-invalid')).toBeNull();
  });

  it('accepts without a passkey from the button beside it, after a passkey attempt', async () => {
    stubPasskeyBrowser();
    const calls = stubStudioApi({
      'POST /invitation': { status: 200, body: editorInvitation },
      'POST /passkeys/options': { status: 200, body: creationOptions },
      'POST /invitations/accept': { status: 200, body: operator },
    });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    fireEvent.change(nameField(), { target: { value: 'Grace' } });
    fireEvent.click(passkeyButton());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^No passkey was made/));
    fireEvent.click(acceptButton());
    expect(await screen.findByRole('heading', { level: 1, name: 'Your access' })).toBeTruthy();
    expect(acceptanceCalls(calls)).toEqual([
      ['POST', '/passkeys/options', { invitation: 'tok-1', name: 'Grace' }],
      ['POST', '/invitations/accept', { token: 'tok-1', name: 'Grace' }],
    ]);
  });
});
