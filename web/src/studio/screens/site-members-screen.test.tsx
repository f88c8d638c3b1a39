import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me, StudioMember } from '../api';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswers, type StudioCall } from '../testing/studio-api';
import { admin, demo, editor, operator, single, support, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const ana: StudioMember = {
  id: 'm1',
  email: 'ana@example.com',
  status: 'locked',
  lastLoginAt: '2026-12-03T14:05:00Z',
  cards: ['••••••2345', '••••••6789'],
};
const bo: StudioMember = { id: 'm2', email: 'bo@example.com', status: 'not-activated', lastLoginAt: null, cards: [] };
const cy: StudioMember = { id: 'm3', email: 'cy@example.com', status: 'active', lastLoginAt: '2026-12-04T09:30:00Z', cards: ['••••••1111'] };
const di: StudioMember = { id: 'm4', email: 'di@example.com', status: 'blocked', lastLoginAt: '2026-11-15T12:00:00Z', cards: ['••••••4242'] };

/** GET .../members of an e-mail address, as the browser encodes it. */
const byEmail = (email: string) => `GET /sites/demo/members?email=${encodeURIComponent(email)}`;
const byCard = (card: string) => `GET /sites/demo/members?card=${card}`;

/** The studio's API for `me` on the demo site, with `answers` besides. */
function stubMembersApi(me: Me, answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], answers);
}

const searchForm = () => screen.getByRole('search', { name: 'Find a member' });
const lookupField = () => within(searchForm()).getByRole('textbox');
const findButton = () => within(searchForm()).getByRole('button', { name: 'Find' });
const resultsHeading = () => screen.getByRole('heading', { level: 2, name: 'Members found' });
const outcome = () => screen.getByTestId('studio-members-outcome');

/** Opens the screen and looks for the member of `value`, by e-mail address or card number. */
async function find(value: string, by: 'E-mail address' | 'Card number' = 'E-mail address') {
  await screen.findByRole('search', { name: 'Find a member' });
  fireEvent.click(within(searchForm()).getByRole('radio', { name: by }));
  fireEvent.change(lookupField(), { target: { value } });
  fireEvent.click(findButton());
}

/** The members listed, each as their address and facts (term: description). */
function listed(): { email: string | null; facts: Record<string, string | null> }[] {
  const list = screen.queryByTestId('studio-members');
  if (!list) return [];
  return Array.from(list.querySelectorAll<HTMLElement>('[data-testid="studio-member"]'), (item) => ({
    email: item.querySelector('p')?.textContent ?? null,
    facts: Object.fromEntries(Array.from(item.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent ?? null])),
  }));
}

/** The member's item, by address. */
function memberItem(email: string): HTMLElement {
  const item = screen.getAllByTestId('studio-member').find((candidate) => candidate.querySelector('p')?.textContent === email);
  if (!item) throw new Error(`${email} is not listed`);
  return item;
}

/** The names of the buttons of what may be done for the member. */
const actions = (email: string) =>
  within(within(memberItem(email)).getByRole('group', { name: `Help for ${email}` }))
    .getAllByRole('button')
    .map((button) => button.textContent);

/** Every call but the session's and the sites', as method, path and body. */
const memberCalls = (calls: StudioCall[]) =>
  calls.filter(({ path }) => path !== '/me' && path !== '/sites').map(({ method, path, body }) => [method, path, body]);

describe("a site's member support", () => {
  it('finds a member by e-mail address: their status in words, last sign-in and cards as masked as sent, the heading focused', async () => {
    const calls = stubMembersApi(support, { [byEmail('ana@example.com')]: { status: 200, body: [ana] } });
    renderStudio('/sites/demo/members');
    expect(await screen.findByRole('heading', { level: 1, name: 'Members of Marquee Cinemas' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Members' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Members of Marquee Cinemas | Studio'));
    // Nothing is asked before Find is pressed.
    expect(memberCalls(calls)).toEqual([]);

    await find(' ana@example.com ');
    await waitFor(() => expect(document.activeElement).toBe(resultsHeading()));
    expect(listed()).toEqual([
      {
        email: 'ana@example.com',
        facts: {
          Status: 'Locked after failed sign-ins',
          'Last sign-in': expect.stringMatching(/^Dec \d+, 2026, /) as string,
          Cards: '••••••2345••••••6789',
        },
      },
    ]);
    expect(memberItem('ana@example.com').querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-03T14:05:00Z');
    expect(within(memberItem('ana@example.com')).getAllByRole('listitem').map((card) => card.textContent)).toEqual([
      '••••••2345',
      '••••••6789',
    ]);
    expect(memberCalls(calls)).toEqual([['GET', '/sites/demo/members?email=ana%40example.com', undefined]]);
  });

  it('finds a member by card number, and words every status', async () => {
    const calls = stubMembersApi(operator, {
      [byCard('ABC1234567')]: { status: 200, body: [bo, cy, di] },
    });
    renderStudio('/sites/demo/members');
    await find('ABC1234567', 'Card number');
    expect(lookupField().getAttribute('type')).toBe('text');
    expect(within(searchForm()).getByRole('textbox', { name: 'Card number' })).toBe(lookupField());
    await waitFor(() => expect(listed()).toHaveLength(3));
    expect(listed().map(({ email, facts }) => [email, facts.Status, facts['Last sign-in'], facts.Cards])).toEqual([
      ['bo@example.com', 'Not activated yet', 'None recorded', 'None'],
      ['cy@example.com', 'Active', expect.stringMatching(/^Dec \d+, 2026, /), '••••••1111'],
      ['di@example.com', 'Blocked after repeated lockouts', expect.stringMatching(/^Nov \d+, 2026, /), '••••••4242'],
    ]);
    expect(memberCalls(calls)).toEqual([['GET', '/sites/demo/members?card=ABC1234567', undefined]]);
    // Unlock for a member locked or blocked alone, the activation code for one not activated yet alone.
    expect(actions('bo@example.com')).toEqual(['Send activation code again', 'Send password reset link', 'Delete account…']);
    expect(actions('cy@example.com')).toEqual(['Send password reset link', 'Delete account…']);
    expect(actions('di@example.com')).toEqual(['Unlock', 'Send password reset link', 'Delete account…']);
  });

  it.each([
    ['E-mail address', 'nobody@example.com', byEmail('nobody@example.com'), 'No member of this site has that e-mail address.'],
    ['Card number', '9999999999', byCard('9999999999'), 'No member of this site has that card number.'],
  ] as const)('says so when no member has that %s', async (by, value, call, sentence) => {
    stubMembersApi(admin, { [call]: { status: 200, body: [] } });
    renderStudio('/sites/demo/members');
    await find(value, by);
    expect((await screen.findByTestId('studio-members-none')).textContent).toBe(sentence);
    await waitFor(() => expect(document.activeElement).toBe(resultsHeading()));
    expect(screen.queryByTestId('studio-members')).toBeNull();
  });

  it('unlocks a locked member with an empty JSON body, says so with the focus on it, and shows them as the server answers', async () => {
    const calls = stubMembersApi(support, {
      [byEmail('ana@example.com')]: { status: 200, body: [ana] },
      'POST /sites/demo/members/m1/unlock': { status: 200, body: { ...ana, status: 'active' } },
    });
    renderStudio('/sites/demo/members');
    await find('ana@example.com');
    fireEvent.click(await within(await screen.findByTestId('studio-members')).findByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(outcome().textContent).toBe('Unlocked: ana@example.com may sign in now.'));
    expect(outcome().getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(outcome()));
    expect(listed()[0]?.facts.Status).toBe('Active');
    expect(actions('ana@example.com')).toEqual(['Send password reset link', 'Delete account…']);
    const unlock = calls.find(({ method }) => method === 'POST');
    expect([unlock?.path, unlock?.body]).toEqual(['/sites/demo/members/m1/unlock', {}]);
    expect(new Headers(unlock?.init.headers).get('Content-Type')).toBe('application/json');
    // The member is shown as answered: not searched again, which the budget would count.
    expect(memberCalls(calls).filter(([method]) => method === 'GET')).toHaveLength(1);
  });

  it.each([
    ['Send activation code again', 'POST /sites/demo/members/m2/activation', 'An activation code was mailed to bo@example.com.'],
    ['Send password reset link', 'POST /sites/demo/members/m2/password-reset', 'A password reset link was mailed to bo@example.com.'],
  ])('%s: says what was mailed', async (button, call, text) => {
    const calls = stubMembersApi(support, {
      [byEmail('bo@example.com')]: { status: 200, body: [bo] },
      [call]: { status: 200, body: bo },
    });
    renderStudio('/sites/demo/members');
    await find('bo@example.com');
    fireEvent.click(await within(await screen.findByTestId('studio-members')).findByRole('button', { name: button }));
    await waitFor(() => expect(outcome().textContent).toBe(text));
    await waitFor(() => expect(document.activeElement).toBe(outcome()));
    expect(memberCalls(calls).at(-1)).toEqual(['POST', call.slice('POST '.length), {}]);
  });

  it.each([
    [studioError(422, 'failed_precondition', 'the member is activated already'), 'bo@example.com is activated already: there is no activation code to send.'],
    [
      studioError(429, 'resource_exhausted', 'at most 30 member-support calls a minute: try again shortly'),
      'You made more than 30 member-support requests in the last minute. Wait a minute, then try again.',
    ],
    [studioError(503, 'service_unavailable', 'svc-loyalty is unavailable'), "It could not be done: the studio's service is unavailable. Try again in a moment."],
  ])('says in the member\'s item why an action was not done (%j)', async (answer, text) => {
    stubMembersApi(support, {
      [byEmail('bo@example.com')]: { status: 200, body: [bo] },
      'POST /sites/demo/members/m2/activation': answer,
    });
    renderStudio('/sites/demo/members');
    await find('bo@example.com');
    fireEvent.click(await within(await screen.findByTestId('studio-members')).findByRole('button', { name: 'Send activation code again' }));
    await waitFor(() => expect(within(memberItem('bo@example.com')).getByRole('alert').textContent).toBe(text));
    expect(outcome().textContent).toBe('');
    expect(listed()[0]?.facts.Status).toBe('Not activated yet');
  });

  it('deletes an account only with a reason, checked first, sent in the JSON body; the member leaves the list', async () => {
    const calls = stubMembersApi(support, {
      [byEmail('ana@example.com')]: { status: 200, body: [ana] },
      'DELETE /sites/demo/members/m1': { status: 204 },
    });
    renderStudio('/sites/demo/members');
    await find('ana@example.com');
    const opener = await within(await screen.findByTestId('studio-members')).findByRole('button', { name: 'Delete account…' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the account of ana@example.com?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(document.activeElement).toBe(reason));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(within(dialog).getByText('Enter why the account is deleted.')).toBeTruthy();
    fireEvent.change(reason, { target: { value: ' ab ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('The reason needs 3 characters at least.')).toBeTruthy();
    expect(reason.getAttribute('aria-describedby')).toContain(within(dialog).getByText('The reason needs 3 characters at least.').id);
    expect(calls.filter(({ method }) => method === 'DELETE')).toEqual([]);

    fireEvent.change(reason, { target: { value: ' Asked by the member, by mail ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(outcome().textContent).toBe('The account of ana@example.com was deleted.'));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(outcome()));
    expect(screen.queryByTestId('studio-members')).toBeNull();
    expect(screen.getByTestId('studio-members-none').textContent).toBe('No member of this site has that e-mail address.');
    const deletion = calls.find(({ method }) => method === 'DELETE');
    expect([deletion?.path, deletion?.body]).toEqual(['/sites/demo/members/m1', { reason: 'Asked by the member, by mail' }]);
    expect(new Headers(deletion?.init.headers).get('Content-Type')).toBe('application/json');
  });

  it("puts the server's refusal of the reason on its field, keeps the member, and gives the focus back on Cancel", async () => {
    stubMembersApi(support, {
      [byEmail('ana@example.com')]: { status: 200, body: [ana] },
      'DELETE /sites/demo/members/m1': studioError(400, 'invalid_argument', 'reason: 3 to 500 characters saying why', 'reason'),
    });
    renderStudio('/sites/demo/members');
    await find('ana@example.com');
    const opener = await within(await screen.findByTestId('studio-members')).findByRole('button', { name: 'Delete account…' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Delete the account of ana@example.com?' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    fireEvent.change(reason, { target: { value: 'Duplicate' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByText('reason: 3 to 500 characters saying why')).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByRole('alert').textContent).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The focus goes back to the button that opened it, the member still listed.
    expect(document.activeElement).toBe(opener);
    expect(listed().map(({ email }) => email)).toEqual(['ana@example.com']);
    expect(outcome().textContent).toBe('');
  });

  it("puts the server's refusal of what was typed under the field, and focuses it", async () => {
    stubMembersApi(support, { [byCard('12')]: studioError(400, 'invalid_argument', 'card: 6 to 20 letters and digits', 'card') });
    renderStudio('/sites/demo/members');
    await find('12', 'Card number');
    await waitFor(() => expect(lookupField().getAttribute('aria-invalid')).toBe('true'));
    const error = within(searchForm()).getByText('card: 6 to 20 letters and digits');
    expect(lookupField().getAttribute('aria-describedby')).toContain(error.id);
    await waitFor(() => expect(document.activeElement).toBe(lookupField()));
    expect(within(searchForm()).getByRole('alert').textContent).toBe('');
    expect(screen.queryByRole('heading', { level: 2, name: 'Members found' })).toBeNull();
  });

  it('checks what was typed before it asks anything', async () => {
    const calls = stubMembersApi(support);
    renderStudio('/sites/demo/members');
    await find('   ');
    await waitFor(() => expect(lookupField().getAttribute('aria-invalid')).toBe('true'));
    expect(within(searchForm()).getByText('Enter the e-mail address to look for.')).toBeTruthy();
    fireEvent.change(lookupField(), { target: { value: 'ana at example.com' } });
    fireEvent.click(findButton());
    expect(await within(searchForm()).findByText('Enter an e-mail address such as name@example.com.')).toBeTruthy();
    expect(memberCalls(calls)).toEqual([]);
  });

  it('says to wait a minute after too many searches, and asks again on Find', async () => {
    let answer = studioError(429, 'resource_exhausted', 'at most 30 member-support calls a minute: try again shortly');
    const calls = stubMembersApi(support, { [byEmail('ana@example.com')]: () => answer });
    renderStudio('/sites/demo/members');
    await find('ana@example.com');
    await waitFor(() =>
      expect(within(searchForm()).getByRole('alert').textContent).toBe(
        'You made more than 30 member-support requests in the last minute. Wait a minute, then try again.',
      ),
    );
    answer = { status: 200, body: [ana] };
    fireEvent.click(findButton());
    await waitFor(() => expect(listed().map(({ email }) => email)).toEqual(['ana@example.com']));
    expect(within(searchForm()).getByRole('alert').textContent).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(resultsHeading()));
    expect(memberCalls(calls)).toHaveLength(2);
  });

  it.each([
    ['member support', support],
    ['an administrator', admin],
    ['an operator', operator],
  ])('leads %s of the site here from its screens', async (_who, me) => {
    stubMembersApi(me, { 'GET /sites/demo/staff': { status: 200, body: [] }, 'GET /sites/demo/invitations': { status: 200, body: [] } });
    renderStudio('/sites/demo');
    const nav = await screen.findByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Members' }).getAttribute('href')).toBe('/sites/demo/members');
  });

  it.each([
    ['an editor', editor],
    ['a viewer', viewer],
  ])('tells %s their role does not allow it, offers no way here, and asks the server nothing of it', async (_who, me) => {
    const calls = stubMembersApi(me);
    renderStudio('/sites/demo/members');
    expect(await screen.findByTestId('studio-members-refused')).toBeTruthy();
    expect(
      screen.getByText(
        'Your role on Marquee Cinemas does not allow you to support its members: its member support, its administrators and the operators do. Ask one of them.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).queryByRole('link', { name: 'Members' })).toBeNull();
    expect(calls.map(({ path }) => path)).toEqual(['/me', '/sites']);
  });

  it('says the role does not allow it when the server refuses the search (403): the grants changed meanwhile', async () => {
    stubMembersApi(support, { [byEmail('ana@example.com')]: studioError(403, 'permission_denied', 'may not support members') });
    renderStudio('/sites/demo/members');
    await find('ana@example.com');
    expect(await screen.findByTestId('studio-members-refused')).toBeTruthy();
    expect(screen.queryByRole('search')).toBeNull();
  });

  it("says the site is no longer the staff member's when the server knows them on it no more (404)", async () => {
    stubMembersApi(support, { [byEmail('ana@example.com')]: studioError(404, 'not_found', 'no such site') });
    renderStudio('/sites/demo/members');
    await find('ana@example.com');
    expect(await screen.findByTestId('studio-members-not-found')).toBeTruthy();
    expect(screen.getByRole('link', { name: "Go to the studio's start page" }).getAttribute('href')).toBe('/');
  });
});
