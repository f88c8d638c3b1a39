import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, Me } from '../api';
import { dayStart } from '../audit-rules';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswers } from '../testing/studio-api';
import { admin, demo, editor, operator, signedOut, single } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const ed = admin.staff;
const ada = operator.staff;

const removal: AuditEntry = {
  at: '2026-12-03T14:05:09.123Z',
  staff: ed,
  role: 'admin',
  siteId: 'demo',
  action: 'staff.removed',
  target: 'vi@chain.example',
  changes: { role: { before: 'viewer', after: null }, theaterIds: { before: [], after: null } },
  clientAddress: '203.0.113.7',
  requestId: 'req-2',
};
const invitation: AuditEntry = {
  ...removal,
  at: '2026-12-03T14:00:00.000Z',
  action: 'invitation.sent',
  changes: { role: { before: null, after: 'viewer' }, theaterIds: { before: null, after: [] } },
  requestId: 'req-1',
};
/** An action this version of the studio does not know yet, by an operator. */
const published: AuditEntry = {
  at: '2026-12-02T09:00:00.000Z',
  staff: ada,
  role: 'operator',
  siteId: 'demo',
  action: 'page.published',
  target: 'about',
  changes: {},
  clientAddress: '198.51.100.4',
  requestId: 'req-0',
};

/** The demo site's audit log as `path` (under /studio/api/v1) asks for it. */
const auditPath = (query: Record<string, string> = {}) => `/audit?${new URLSearchParams({ siteId: 'demo', ...query }).toString()}`;

/** The studio's API for `me` on the demo site, its whole audit log `entries`, and `answers` besides. */
function stubAuditApi(me: Me, entries: AuditEntry[], answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], { [`GET ${auditPath()}`]: { status: 200, body: entries }, ...answers });
}

/** The table's entries, each as the text of its cells. */
function tableRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Changes made to Marquee Cinemas, newest first' });
  return within(table)
    .getAllByTestId('studio-audit-entry')
    .map((row) => Array.from(row.children, (cell) => cell.textContent));
}

const auditCalls = (calls: { method: string; path: string }[]) => calls.filter(({ path }) => path.startsWith('/audit')).map(({ path }) => path);
/** What the live status says of the entries read. */
const summary = () => screen.getByTestId('studio-audit-summary');
const filters = () => screen.getByRole('form', { name: 'Filter the entries' });
const showEntries = () => within(filters()).getByRole('button', { name: 'Show entries' });

describe("a site's audit log", () => {
  it('lists the entries newest first: when, who, with what role, what, to what, each field before and after, and from where', async () => {
    stubAuditApi(admin, [removal, invitation, published]);
    renderStudio('/sites/demo/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log of Marquee Cinemas' })).toBeTruthy();
    await waitFor(() => expect(summary().textContent).toBe('3 entries, newest first.'));
    expect(tableRows()).toEqual([
      [
        expect.stringMatching(/^Dec 3, 2026, \d+:05:09 [AP]M$/),
        'Ed Admin ed@chain.example',
        'Administrator',
        'Access removed',
        'vi@chain.example',
        'Role: viewer → —Theaters: none → —',
        'Address 203.0.113.7 Request req-2',
      ],
      [
        expect.stringMatching(/^Dec 3, 2026, \d+:00:00 [AP]M$/),
        'Ed Admin ed@chain.example',
        'Administrator',
        'Invitation sent',
        'vi@chain.example',
        'Role: — → viewerTheaters: — → none',
        'Address 203.0.113.7 Request req-1',
      ],
      [
        expect.stringMatching(/^Dec \d, 2026, /),
        'Ada Lovelace ada@example.com',
        'Operator',
        'page.published',
        'about',
        '—',
        'Address 198.51.100.4 Request req-0',
      ],
    ]);
    const [first] = screen.getAllByTestId('studio-audit-entry');
    expect(first?.querySelector('th[scope="row"] time')?.getAttribute('dateTime')).toBe('2026-12-03T14:05:09.123Z');
    expect(within(first as HTMLElement).getAllByRole('listitem').map((line) => line.textContent)).toEqual([
      'Role: viewer → —',
      'Theaters: none → —',
    ]);
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Audit log of Marquee Cinemas | Studio'));
  });

  it('says when nothing has been recorded yet', async () => {
    stubAuditApi(operator, []);
    renderStudio('/sites/demo/audit');
    await waitFor(() => expect(summary().textContent).toBe('No change to this site has been recorded yet.'));
    expect(screen.queryByRole('table')).toBeNull();
  });

  it("filters by action: the request's query names it, and the entries it answers are shown", async () => {
    const calls = stubAuditApi(admin, [removal, invitation], {
      [`GET ${auditPath({ action: 'invitation.sent' })}`]: { status: 200, body: [invitation] },
    });
    renderStudio('/sites/demo/audit');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    const action = within(filters()).getByRole('combobox', { name: 'Action' });
    expect(within(action).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All actions',
      'Site created',
      'Site address changed',
      'Invitation sent',
      'Access removed',
      'Look and settings changed in the draft',
      'Page saved to the draft',
      'Page removed in the draft',
      'Event saved to the draft',
      'Event removed in the draft',
      "Theater's details saved to the draft",
      'Draft discarded',
      'Draft published',
      'Publishing scheduled',
      'Revision restored',
      'Site published again in full',
      'Ingest key made',
      'Ingest key revoked',
      "Theater's point of sale changed",
      'Members looked up',
      'Member unlocked',
      'Activation code sent to a member',
      'Password reset link sent to a member',
      'Member account deleted',
      'Image added to the media library',
      "Image's file replaced",
      "Image's alt text changed",
      'Image deleted from the media library',
    ]);
    fireEvent.change(action, { target: { value: 'invitation.sent' } });
    // Choosing alone asks nothing.
    expect(auditCalls(calls)).toEqual([auditPath()]);
    fireEvent.click(showEntries());
    await waitFor(() => expect(summary().textContent).toBe('1 entry, newest first.'));
    expect(tableRows().map((cells) => cells[3])).toEqual(['Invitation sent']);
    expect(auditCalls(calls)).toEqual([auditPath(), auditPath({ action: 'invitation.sent' })]);

    fireEvent.click(within(filters()).getByRole('button', { name: 'Clear the filters' }));
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    expect(action).toHaveProperty('value', '');
  });

  it("filters by staff member and days: from the first day's start to the last day's end, in the staff member's time zone", async () => {
    const theirs = auditPath({ staffId: 's3', from: dayStart('2026-12-01') ?? '', to: dayStart('2026-12-03', 1) ?? '' });
    const calls = stubAuditApi(admin, [removal, published], {
      [`GET ${theirs}`]: { status: 200, body: [] },
    });
    renderStudio('/sites/demo/audit');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    const staff = within(filters()).getByRole('combobox', { name: 'Staff member' });
    expect(within(staff).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All staff',
      'Ada Lovelace (ada@example.com)',
      'Ed Admin (ed@chain.example)',
    ]);
    fireEvent.change(staff, { target: { value: 's3' } });
    fireEvent.change(within(filters()).getByLabelText('From'), { target: { value: '2026-12-01' } });
    fireEvent.change(within(filters()).getByLabelText('Until'), { target: { value: '2026-12-03' } });
    fireEvent.click(showEntries());
    await waitFor(() => expect(summary().textContent).toBe('No entry matches these filters.'));
    expect(auditCalls(calls)).toEqual([auditPath(), theirs]);
    expect(screen.queryByRole('table')).toBeNull();
    // Ed made none of these: still the one chosen, to choose someone else from.
    expect(within(staff).getAllByRole('option').map((option) => option.textContent)).toEqual(['All staff', 'Ed Admin (ed@chain.example)']);
    expect(staff).toHaveProperty('value', 's3');
  });

  it('refuses a last day before the first, and asks nothing', async () => {
    const calls = stubAuditApi(admin, [removal]);
    renderStudio('/sites/demo/audit');
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    fireEvent.change(within(filters()).getByLabelText('From'), { target: { value: '2026-12-03' } });
    const until = within(filters()).getByLabelText('Until');
    fireEvent.change(until, { target: { value: '2026-12-01' } });
    fireEvent.click(showEntries());
    await waitFor(() => expect(until.getAttribute('aria-invalid')).toBe('true'));
    expect(within(filters()).getByText('Choose a last day on or after the first.')).toBeTruthy();
    expect(auditCalls(calls)).toEqual([auditPath()]);
  });

  it('says what the studio refused of the filters (400)', async () => {
    const from = dayStart('2026-12-03') ?? '';
    stubAuditApi(admin, [removal], {
      [`GET ${auditPath({ from })}`]: studioError(400, 'invalid_argument', "from: 'x' is not an RFC 3339 time"),
    });
    renderStudio('/sites/demo/audit');
    await waitFor(() => expect(tableRows()).toHaveLength(1));
    fireEvent.change(within(filters()).getByLabelText('From'), { target: { value: '2026-12-03' } });
    fireEvent.click(showEntries());
    const refused = await screen.findByText("The studio did not accept these filters: from: 'x' is not an RFC 3339 time");
    expect(refused.getAttribute('role')).toBe('alert');
    // The filters stay, to be changed.
    expect(filters()).toBeTruthy();
  });

  it('saves the entries shown as a CSV file, asked for with Accept: text/csv', async () => {
    const csv = 'at,staffId,staffEmail\n2026-12-03T14:00:00.000Z,s3,ed@chain.example\n';
    const filtered = auditPath({ action: 'invitation.sent' });
    const calls = stubAuditApi(admin, [removal, invitation], {
      [`GET ${filtered}`]: (_body, init) =>
        (init.headers as Record<string, string>).Accept === 'text/csv' ? { status: 200, csv } : { status: 200, body: [invitation] },
    });
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:studio.localhost/audit');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: { href: string; download: string; inPage: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download, inPage: this.isConnected });
    });
    renderStudio('/sites/demo/audit');
    await waitFor(() => expect(tableRows()).toHaveLength(2));
    fireEvent.change(within(filters()).getByRole('combobox', { name: 'Action' }), { target: { value: 'invitation.sent' } });
    fireEvent.click(showEntries());
    await waitFor(() => expect(tableRows()).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(screen.getByText('The entries were saved as audit.csv.').getAttribute('role')).toBe('status'));
    const asked = calls.filter(({ init }) => (init.headers as Record<string, string>).Accept === 'text/csv');
    expect(asked.map(({ method, path, init }) => [method, path, init.credentials])).toEqual([['GET', filtered, 'same-origin']]);
    expect(saved).toEqual([{ href: 'blob:studio.localhost/audit', download: 'audit.csv', inPage: true }]);
    const blob = createObjectURL.mock.calls[0]?.[0] as Blob;
    expect(await blob.text()).toBe(csv);
    // The link was only for the download.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it('says why the file could not be made', async () => {
    stubAuditApi(admin, [removal], {
      [`GET ${auditPath()}`]: (_body, init) =>
        (init.headers as Record<string, string>).Accept === 'text/csv'
          ? studioError(503, 'service_unavailable', 'svc-studio is unavailable')
          : { status: 200, body: [removal] },
    });
    renderStudio('/sites/demo/audit');
    fireEvent.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(
      await screen.findByText("The file could not be made: the studio's service is unavailable. Try again in a moment."),
    ).toBeTruthy();
  });

  it('tells someone who may not read it so, and asks the server nothing of it', async () => {
    const calls = stubAuditApi(editor, [removal]);
    renderStudio('/sites/demo/audit');
    expect(await screen.findByTestId('studio-audit-refused')).toBeTruthy();
    expect(screen.getByText('Only the administrators of Marquee Cinemas and the operators read its audit log. Ask one of them.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Filter the entries' })).toBeNull();
    expect(calls.map(({ path }) => path)).toEqual(['/me', '/sites']);
  });

  it('says so when the server refuses it (403): the grants changed meanwhile', async () => {
    stubAuditApi(admin, [], { [`GET ${auditPath()}`]: studioError(403, 'permission_denied', 'not an administrator of demo') });
    renderStudio('/sites/demo/audit');
    expect(await screen.findByTestId('studio-audit-refused')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('form', { name: 'Filter the entries' })).toBeNull();
  });

  it('says the site is no longer among the staff member\'s (404), with the way to the start page', async () => {
    stubAuditApi(admin, [], { [`GET ${auditPath()}`]: studioError(404, 'not_found', "no site 'demo'") });
    renderStudio('/sites/demo/audit');
    const gone = await screen.findByTestId('studio-audit-not-found');
    expect(gone.textContent).toContain('Marquee Cinemas is no longer among the sites you may open.');
    expect(within(gone).getByRole('link', { name: "Go to the studio's start page" }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('form', { name: 'Filter the entries' })).toBeNull();
  });

  it("says the studio's service is unavailable (503) where the entries would be, and tries again on request", async () => {
    let available = false;
    stubAuditApi(admin, [], {
      [`GET ${auditPath()}`]: () => (available ? { status: 200, body: [removal] } : studioError(503, 'service_unavailable', 'svc-studio is unavailable')),
    });
    renderStudio('/sites/demo/audit');
    expect(await screen.findByRole('heading', { level: 2, name: "The studio's service is unavailable" })).toBeTruthy();
    expect(filters()).toBeTruthy();
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(tableRows()).toHaveLength(1));
  });

  it('leads to the sign-in screen when the session ended meanwhile', async () => {
    let signedIn = true;
    stubAuditApi(admin, [], {
      'GET /me': () => (signedIn ? { status: 200, body: admin } : signedOut),
      [`GET ${auditPath()}`]: () => {
        signedIn = false;
        return signedOut;
      },
    });
    renderStudio('/sites/demo/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/');
  });

  it('is not found for a site that is not among the staff member\'s', async () => {
    stubAuditApi(admin, []);
    renderStudio('/sites/elsewhere/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site not found' })).toBeTruthy();
  });
});

describe("a site's audit log on a phone", () => {
  /** happy-dom's window, whose width the media queries read. */
  const happyDom = () => (window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }).happyDOM;
  afterEach(() => happyDom().setViewport({ width: 1024, height: 768 }));

  it('lists each entry with the facts the table has, each named', async () => {
    happyDom().setViewport({ width: 375, height: 800 });
    stubAuditApi(admin, [removal]);
    renderStudio('/sites/demo/audit');
    const list = await screen.findByRole('list', { name: 'Changes made to Marquee Cinemas, newest first' });
    expect(screen.queryByRole('table')).toBeNull();
    const [entry] = within(list).getAllByTestId('studio-audit-entry');
    expect(entry?.querySelector('p')?.textContent).toBe('Access removed vi@chain.example');
    const facts = Array.from(entry?.querySelectorAll('dt') ?? [], (term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(facts).toEqual([
      ['Time', expect.stringMatching(/^Dec 3, 2026, /)],
      ['Who', 'Ed Admin ed@chain.example'],
      ['Role', 'Administrator'],
      ['Changes', 'Role: viewer → —Theaters: none → —'],
      ['Where from', 'Address 203.0.113.7 Request req-2'],
    ]);
  });
});
