import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvitationSent, Me, PendingInvitation, StaffGrant } from '../api';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswers } from '../testing/studio-api';
import { admin, demo, editor, operator, single } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const bo: StaffGrant = { id: 's2', email: 'bo@chain.example', name: 'Bo Editor', role: 'editor', theaterIds: [] };
const ed: StaffGrant = { id: 's3', email: 'ed@chain.example', name: 'Ed Admin', role: 'admin', theaterIds: [] };
const tess: StaffGrant = { id: 's4', email: 'tess@chain.example', name: 'Tess Manager', role: 'theater-manager', theaterIds: ['101', '102'] };
const waiting: PendingInvitation = { email: 'su@chain.example', role: 'support', theaterIds: [], expiresAt: '2026-12-05T14:00:00Z' };

/**
 * The studio's API for `me` on the demo site, with its `staff` and `invitations` (arrays
 * the test may change), and `answers` besides.
 */
function stubStaffApi(me: Me, staff: StaffGrant[], invitations: PendingInvitation[], answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], {
    'GET /sites/demo/staff': () => ({ status: 200, body: staff }),
    'GET /sites/demo/invitations': () => ({ status: 200, body: invitations }),
    ...answers,
  });
}

/** The items of the list with `testId`, each as its lines of text. */
function listed(testId: string): (string | null)[][] {
  const list = screen.queryByTestId(testId);
  if (!list) return [];
  return within(list)
    .getAllByRole('listitem')
    .map((item) => Array.from(item.querySelectorAll('p'), (line) => line.textContent));
}

const inviteForm = () => screen.getByRole('form', { name: 'Invite someone' });
const inviteStatus = () => within(inviteForm()).getByRole('status');
const emailField = () => within(inviteForm()).getByRole('textbox', { name: 'E-mail address' });
const roleField = () => within(inviteForm()).getByRole('combobox', { name: 'Role' });
const theatersField = () => within(inviteForm()).queryByRole('textbox', { name: 'Theaters' });
const sendButton = () => within(inviteForm()).getByRole('button', { name: 'Send the invitation' });

describe("a site's staff", () => {
  it('lists who holds a role on the site, and the invitations not yet accepted', async () => {
    stubStaffApi(admin, [bo, ed, tess], [waiting]);
    renderStudio('/sites/demo/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff of Marquee Cinemas' })).toBeTruthy();
    await screen.findByTestId('studio-staff');
    expect(listed('studio-staff')).toEqual([
      ['Bo Editor', 'bo@chain.example', 'Editor'],
      ['Ed Admin (you)', 'ed@chain.example', 'Administrator'],
      ['Tess Manager', 'tess@chain.example', 'Theater manager', 'Theaters: 101 and 102'],
    ]);
    await screen.findByTestId('studio-pending-invitations');
    expect(listed('studio-pending-invitations')).toEqual([
      ['su@chain.example', 'Member support', expect.stringMatching(/^Expires on December \d+, 2026 at /)],
    ]);
    expect(screen.getByTestId('studio-pending-invitations').querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-05T14:00:00Z');
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Staff' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Staff of Marquee Cinemas | Studio'));
  });

  it('says when nobody holds a role yet and no invitation is waiting', async () => {
    stubStaffApi(operator, [], []);
    renderStudio('/sites/demo/staff');
    expect(await screen.findByText('Nobody holds a role on this site yet, besides the operators.')).toBeTruthy();
    expect(await screen.findByText('No invitation is waiting to be accepted.')).toBeTruthy();
  });

  it('invites someone, says so with when the invitation expires, and lists it as waiting', async () => {
    const invitations: PendingInvitation[] = [];
    const sent: InvitationSent = { email: 'vi@chain.example', role: 'viewer', siteId: 'demo', theaterIds: [], expiresAt: '2026-12-05T14:00:00Z' };
    const calls = stubStaffApi(admin, [ed], invitations, {
      'POST /invitations': () => {
        invitations.unshift({ email: sent.email, role: sent.role, theaterIds: [], expiresAt: sent.expiresAt });
        return { status: 201, body: sent };
      },
    });
    renderStudio('/sites/demo/staff');
    await screen.findByText('No invitation is waiting to be accepted.');
    fireEvent.change(emailField(), { target: { value: ' vi@chain.example ' } });
    fireEvent.change(roleField(), { target: { value: 'viewer' } });
    expect(theatersField()).toBeNull();
    fireEvent.click(sendButton());
    await waitFor(() =>
      expect(inviteStatus().textContent).toMatch(/^An invitation was sent to vi@chain\.example; it expires on December \d+, 2026 at .+\.$/),
    );
    await waitFor(() => expect(listed('studio-pending-invitations').map(([email]) => email)).toEqual(['vi@chain.example']));
    expect(calls.filter(({ method }) => method === 'POST').map(({ path, body }) => [path, body])).toEqual([
      ['/invitations', { email: 'vi@chain.example', role: 'viewer', siteId: 'demo' }],
    ]);
    // Ready for the next one.
    expect(emailField()).toHaveProperty('value', '');
    expect(roleField()).toHaveProperty('value', '');
  });

  it("offers the roles the staff member may give: an administrator's, all but operator", async () => {
    stubStaffApi(admin, [ed], []);
    renderStudio('/sites/demo/staff');
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(within(role).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose a role',
      'Administrator',
      'Editor',
      'Theater manager',
      'Member support',
      'Viewer',
    ]);
  });

  it("offers an operator the operator's role too, which is invited to no site", async () => {
    const calls = stubStaffApi(operator, [ed], [], {
      'POST /invitations': {
        status: 201,
        body: { email: 'op@chain.example', role: 'operator', siteId: null, theaterIds: [], expiresAt: '2026-12-05T14:00:00Z' },
      },
    });
    renderStudio('/sites/demo/staff');
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(within(role).getAllByRole('option').map((option) => option.textContent)).toContain('Operator');
    fireEvent.change(emailField(), { target: { value: 'op@chain.example' } });
    fireEvent.change(role, { target: { value: 'operator' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(inviteStatus().textContent).toMatch(/^An invitation was sent to op@chain\.example/));
    expect(calls.find(({ method }) => method === 'POST')?.body).toEqual({ email: 'op@chain.example', role: 'operator' });
  });

  it("asks a theater manager's theaters, checks them, and sends them as a list", async () => {
    const calls = stubStaffApi(admin, [ed], [], {
      'POST /invitations': {
        status: 201,
        body: { email: 'tm@chain.example', role: 'theater-manager', siteId: 'demo', theaterIds: ['101', '102'], expiresAt: '2026-12-05T14:00:00Z' },
      },
    });
    renderStudio('/sites/demo/staff');
    fireEvent.change(await screen.findByRole('textbox', { name: 'E-mail address' }), { target: { value: 'tm@chain.example' } });
    fireEvent.change(roleField(), { target: { value: 'theater-manager' } });
    const theaters = await waitFor(() => {
      const field = theatersField();
      if (!field) throw new Error('no theaters field');
      return field;
    });
    fireEvent.click(sendButton());
    await waitFor(() => expect(theaters.getAttribute('aria-invalid')).toBe('true'));
    expect(within(inviteForm()).getByText('Enter the id of at least one theater.')).toBeTruthy();
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
    fireEvent.change(theaters, { target: { value: '101, 102,' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(inviteStatus().textContent).toMatch(/^An invitation was sent to tm@chain\.example/));
    expect(calls.find(({ method }) => method === 'POST')?.body).toEqual({
      email: 'tm@chain.example',
      role: 'theater-manager',
      siteId: 'demo',
      theaterIds: ['101', '102'],
    });
  });

  it('checks the address and the role before it sends anything', async () => {
    const calls = stubStaffApi(admin, [ed], []);
    renderStudio('/sites/demo/staff');
    await screen.findByRole('combobox', { name: 'Role' });
    fireEvent.change(emailField(), { target: { value: 'vi' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(emailField().getAttribute('aria-invalid')).toBe('true'));
    expect(within(inviteForm()).getByText('Enter an e-mail address such as name@example.com.')).toBeTruthy();
    expect(within(inviteForm()).getByText('Choose the role to give.')).toBeTruthy();
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it("puts the server's refusal on the field it names, and focuses it", async () => {
    stubStaffApi(admin, [ed], [], {
      'POST /invitations': studioError(400, 'invalid_argument', "email: 'vi@localhost' is not an e-mail address", 'email'),
    });
    renderStudio('/sites/demo/staff');
    await screen.findByRole('combobox', { name: 'Role' });
    fireEvent.change(emailField(), { target: { value: 'vi@localhost' } });
    fireEvent.change(roleField(), { target: { value: 'editor' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(emailField().getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(emailField());
    expect(within(inviteForm()).getByText("email: 'vi@localhost' is not an e-mail address")).toBeTruthy();
    expect(inviteStatus().textContent).toBe('');
    // What was typed stays, to be corrected.
    expect(emailField()).toHaveProperty('value', 'vi@localhost');
  });

  it('says so when the studio refuses the role to the staff member (403)', async () => {
    stubStaffApi(admin, [ed], [], {
      'POST /invitations': studioError(403, 'permission_denied', 'only operators invite operators'),
    });
    renderStudio('/sites/demo/staff');
    await screen.findByRole('combobox', { name: 'Role' });
    fireEvent.change(emailField(), { target: { value: 'vi@chain.example' } });
    fireEvent.change(roleField(), { target: { value: 'admin' } });
    fireEvent.click(sendButton());
    await waitFor(() => expect(inviteStatus().textContent).toBe('You may not invite someone as administrator.'));
  });

  it('asks before it removes access: keeping it gives the focus back and removes nothing', async () => {
    const calls = stubStaffApi(admin, [bo, ed], []);
    renderStudio('/sites/demo/staff');
    const remove = await screen.findByRole('button', { name: 'Remove access for Bo Editor' });
    expect(remove.textContent).toBe('Remove access');
    fireEvent.click(remove);
    const confirmation = screen.getByRole('group', { name: 'Remove access for Bo Editor' });
    const question = within(confirmation).getByText(
      "Remove Bo Editor's access to Marquee Cinemas? They are signed out of the studio at once, on every device.",
    );
    await waitFor(() => expect(document.activeElement).toBe(question));
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Keep access' }));
    const again = await screen.findByRole('button', { name: 'Remove access for Bo Editor' });
    await waitFor(() => expect(document.activeElement).toBe(again));
    expect(calls.filter(({ method }) => method === 'DELETE')).toEqual([]);
  });

  it("removes someone's access once confirmed, and says so, the list's heading focused", async () => {
    const staff = [bo, ed];
    const calls = stubStaffApi(admin, staff, [], {
      'DELETE /sites/demo/staff/s2': () => {
        staff.shift();
        return { status: 204 };
      },
    });
    renderStudio('/sites/demo/staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove access for Bo Editor' }));
    fireEvent.click(within(screen.getByRole('group', { name: 'Remove access for Bo Editor' })).getByRole('button', { name: 'Remove access' }));
    await waitFor(() => expect(listed('studio-staff').map(([name]) => name)).toEqual(['Ed Admin (you)']));
    expect(screen.getByText('Bo Editor no longer has access to Marquee Cinemas.').getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 2, name: 'People with access' }));
    expect(calls.filter(({ method }) => method === 'DELETE').map(({ path, body }) => [path, body])).toEqual([['/sites/demo/staff/s2', {}]]);
  });

  it('says why the staff member cannot remove their own access (409), and keeps it', async () => {
    stubStaffApi(admin, [bo, ed], [], {
      'DELETE /sites/demo/staff/s3': studioError(409, 'failed_precondition', 'you cannot remove your own access'),
    });
    renderStudio('/sites/demo/staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove access for Ed Admin' }));
    const confirmation = screen.getByRole('group', { name: 'Remove access for Ed Admin' });
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Remove access' }));
    await waitFor(() =>
      expect(within(confirmation).getByRole('alert').textContent).toBe(
        'You cannot remove your own access. Another administrator of the site, or an operator, can.',
      ),
    );
    expect(listed('studio-staff').map(([name]) => name)).toEqual(['Bo Editor', 'Ed Admin (you)']);
  });

  it('tells someone who may not manage the staff so, and asks the server nothing of it', async () => {
    const calls = stubStaffApi(editor, [bo], []);
    renderStudio('/sites/demo/staff');
    expect(await screen.findByTestId('studio-staff-refused')).toBeTruthy();
    expect(screen.getByText('Only the administrators of Marquee Cinemas and the operators see and manage its staff. Ask one of them.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
    // The screens an editor may open, which the staff's is not among.
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(['Overview', 'Look and settings', 'Pages', 'Events', 'Theaters', 'Movies', 'Media', 'Publishing', 'History']);
    expect(calls.map(({ path }) => path)).toEqual(['/me', '/sites']);
  });

  it('hides the staff when the server refuses them (403): the grants changed meanwhile', async () => {
    stubStaffApi(admin, [], [], { 'GET /sites/demo/staff': studioError(403, 'permission_denied', 'not an administrator of demo') });
    renderStudio('/sites/demo/staff');
    expect(await screen.findByTestId('studio-staff-refused')).toBeTruthy();
    expect(screen.queryByTestId('studio-staff')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
  });

  it("says the studio's service is unavailable (503) where the staff would be, and tries again on request", async () => {
    let available = false;
    stubStaffApi(admin, [], [], {
      'GET /sites/demo/staff': () => (available ? { status: 200, body: [ed] } : studioError(503, 'service_unavailable', 'svc-studio is unavailable')),
    });
    renderStudio('/sites/demo/staff');
    expect(await screen.findByRole('heading', { level: 2, name: "The studio's service is unavailable" })).toBeTruthy();
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('studio-staff');
    expect(listed('studio-staff').map(([name]) => name)).toEqual(['Ed Admin (you)']);
  });

  it('leads to the sign-in screen when the session ended meanwhile', async () => {
    let signedIn = true;
    stubStaffApi(admin, [bo, ed], [], {
      'GET /me': () => (signedIn ? { status: 200, body: admin } : studioError(401, 'unauthenticated', 'no session')),
      'DELETE /sites/demo/staff/s2': () => {
        signedIn = false;
        return studioError(401, 'unauthenticated', 'no session');
      },
    });
    renderStudio('/sites/demo/staff');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove access for Bo Editor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove access' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/');
  });

  it('is not found for a site that is not among the staff member\'s', async () => {
    stubStaffApi(admin, [], []);
    renderStudio('/sites/elsewhere/staff');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site not found' })).toBeTruthy();
  });
});
