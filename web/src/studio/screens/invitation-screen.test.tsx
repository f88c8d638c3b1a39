import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Invitation, Me } from '../api';
import { renderStudio } from '../testing/render-studio';
import { stubStudioApi, studioError } from '../testing/studio-api';

const editorInvitation: Invitation = {
  email: 'grace@example.com',
  role: 'editor',
  siteId: 'demo',
  theaterIds: [],
  expiresAt: '2026-12-03T14:00:00Z',
  acceptWithoutPasskey: true,
};
const firstOperatorInvitation: Invitation = { ...editorInvitation, email: null, role: 'operator', siteId: null };
const operator: Me = {
  staff: { id: 's1', email: 'ada@example.com', name: 'Ada Lovelace' },
  grants: [{ role: 'operator', siteId: null, theaterIds: [] }],
};

const nameField = () => screen.getByRole('textbox', { name: 'Your name' });
const emailField = () => screen.getByRole('textbox', { name: 'Your e-mail address' });
const acceptButton = () => screen.getByRole('button', { name: 'Accept the invitation' });

/** The elements `field`'s aria-describedby names, by their text. */
function description(field: HTMLElement): string[] {
  return (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? `(no #${id})`);
}

describe('the invitation screen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

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
    expect(document.title).toBe('Your invitation to the studio | Studio');
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

  it('says that an invitation needing a passkey cannot be accepted in this version, and offers no form', async () => {
    stubStudioApi({ 'POST /invitation': { status: 200, body: { ...editorInvitation, acceptWithoutPasskey: false } } });
    renderStudio('/invitation?token=tok-1');
    await screen.findByTestId('studio-invitation-offer');
    expect(screen.getByText(/This invitation needs a passkey, which this version of the studio cannot register yet\./)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
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
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^This invitation needs a passkey/));
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
