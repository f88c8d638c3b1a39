import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Me, StudioSite } from '../api';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswer, type StudioCall } from '../testing/studio-api';
import { admin, demo, editor, operator, single } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const riverside: StudioSite = {
  id: 'riverside',
  name: 'Riverside Cinemas',
  hosts: ['riverside.example', 'www.riverside.example'],
  publicUrl: 'https://www.riverside.example',
};

/**
 * The studio's API for `me` on the start page: the sites (an array the test may change) and
 * the answer to a new site, which the list has from then on where it is a 201.
 */
function stubSitesApi(me: Me, answer: (body: unknown) => StudioAnswer) {
  const sites = [demo, single];
  return stubSignedIn(me, [], {
    'GET /sites': () => ({ status: 200, body: sites }),
    'POST /sites': (body) => {
      const answered = answer(body);
      if (answered.status === 201) sites.push(answered.body as StudioSite);
      return answered;
    },
  });
}

const form = () => screen.getByRole('form', { name: 'New site' });
const field = (name: string) => within(form()).getByRole('textbox', { name });
const createButton = () => within(form()).getByRole('button', { name: /^(Create the site|Creating…)$/ });
const posts = (calls: StudioCall[]) => calls.filter(({ method }) => method === 'POST').map(({ path, body }) => [path, body]);

/** The text the field is read with besides its label: its hint, then its error. */
function description(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `#${id} missing`);
}

/** Fills the form in as a staff member would, with a valid site unless told otherwise. */
function fillIn(values: Partial<Record<'Site id' | 'Name' | 'Host names' | 'Public URL (optional)', string>> = {}) {
  const filled = { 'Site id': 'riverside', Name: 'Riverside Cinemas', ...values };
  for (const [name, value] of Object.entries(filled)) fireEvent.change(field(name), { target: { value } });
}

describe('a new site, on the start page', () => {
  it('is offered to an operator, each template with what it means, the empty one chosen', async () => {
    stubSitesApi(operator, () => ({ status: 201, body: riverside }));
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    expect(within(form()).getByRole('heading', { level: 2, name: 'New site' })).toBeTruthy();
    expect(description(field('Site id'))).toEqual([
      'Lower-case letters, digits and -, at most 63 characters, such as riverside-cinemas: the site in addresses, the ingest API and the audit log. It is never changed.',
    ]);
    const templates = within(form()).getByRole('radiogroup', { name: 'Start from' });
    const empty = within(templates).getByRole('radio', { name: 'Empty site' });
    const demoCopy = within(templates).getByRole('radio', { name: 'Copy of the demo chain' });
    expect(empty).toHaveProperty('checked', true);
    expect(demoCopy).toHaveProperty('checked', false);
    expect(description(demoCopy)).toEqual([
      "The demo chain's theaters, movies, pages, events and look, its days as of today: to try the studio on, or to make the site's own.",
    ]);
    expect(field('Host names').tagName).toBe('TEXTAREA');
    expect(field('Public URL (optional)').getAttribute('type')).toBe('url');
  });

  it.each([
    ['an administrator of one site', admin],
    ['an editor and theater manager', editor],
  ])('is not offered to %s', async (_who, me) => {
    stubSitesApi(me, () => studioError(403, 'forbidden', 'operators only'));
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    expect(screen.queryByRole('form', { name: 'New site' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'New site' })).toBeNull();
  });

  it('sends what was typed, trimmed, the host names one each, once however often it is clicked; then opens its page', async () => {
    const calls = stubSitesApi(operator, () => ({ status: 201, body: riverside }));
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    fillIn({
      'Site id': ' riverside ',
      Name: '  Riverside Cinemas ',
      'Host names': 'Riverside.example,\n\n www.riverside.example , ',
      'Public URL (optional)': ' https://www.riverside.example ',
    });
    fireEvent.click(within(form()).getByRole('radio', { name: 'Copy of the demo chain' }));
    fireEvent.click(createButton());
    fireEvent.click(createButton());

    expect(await screen.findByRole('heading', { level: 1, name: 'Riverside Cinemas' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/sites/riverside');
    expect(posts(calls)).toEqual([
      [
        '/sites',
        {
          id: 'riverside',
          name: 'Riverside Cinemas',
          template: 'demo',
          hosts: ['riverside.example', 'www.riverside.example'],
          publicUrl: 'https://www.riverside.example',
        },
      ],
    ]);
    const post = calls.find(({ method }) => method === 'POST');
    expect(new Headers(post?.init.headers).get('Content-Type')).toBe('application/json');
    // The list of sites was asked for again, so the switcher names the new one.
    expect(calls.filter(({ method, path }) => method === 'GET' && path === '/sites').length).toBeGreaterThanOrEqual(2);
    fireEvent.click(within(screen.getByRole('banner')).getByRole('link', { name: 'Studio' }));
    const listed = await screen.findByTestId('studio-sites');
    expect(within(listed).getByRole('link', { name: 'Riverside Cinemas' }).getAttribute('href')).toBe('/sites/riverside');
  });

  it('leaves out an empty public URL, and sends no host name when none was typed', async () => {
    const calls = stubSitesApi(operator, () => ({ status: 201, body: { ...riverside, hosts: [] } }));
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    fillIn({ 'Host names': ' , \n', 'Public URL (optional)': '  ' });
    fireEvent.click(createButton());
    await waitFor(() => expect(screen.getByTestId('studio-address').textContent).toBe('/sites/riverside'));
    expect(posts(calls)).toEqual([['/sites', { id: 'riverside', name: 'Riverside Cinemas', template: 'empty', hosts: [] }]]);
  });

  it('shows a busy button while the site is being made, and sends it once', async () => {
    const calls = stubSitesApi(operator, () => ({ status: 201, body: riverside }));
    // The POST is answered at the test's word.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      init?.method === 'POST' ? answered.then(() => stubbed(url, init)) : stubbed(url, init),
    );
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    fillIn();
    fireEvent.click(createButton());
    await waitFor(() => expect(createButton().textContent).toBe('Creating…'));
    expect(createButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(createButton());
    answer();
    await waitFor(() => expect(screen.getByTestId('studio-address').textContent).toBe('/sites/riverside'));
    expect(posts(calls)).toHaveLength(1);
  });

  it('shows a site id of other characters at its field, focused, and sends nothing', async () => {
    const calls = stubSitesApi(operator, () => ({ status: 201, body: riverside }));
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    fillIn({ 'Site id': 'Riverside Cinemas' });
    fireEvent.click(createButton());
    await waitFor(() => expect(field('Site id').getAttribute('aria-invalid')).toBe('true'));
    expect(description(field('Site id'))[1]).toBe('Use lower-case letters, digits and - only, such as riverside-cinemas.');
    expect(document.activeElement).toBe(field('Site id'));
    expect(posts(calls)).toEqual([]);
  });

  it("shows the server's refusal of the id (409: a site has it) at the id field, which takes the focus", async () => {
    stubSitesApi(operator, () => studioError(409, 'conflict', "a site with the id 'riverside' exists already", 'id'));
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    fillIn({ 'Host names': 'riverside.example' });
    fireEvent.click(createButton());
    await waitFor(() => expect(field('Site id').getAttribute('aria-invalid')).toBe('true'));
    expect(description(field('Site id'))[1]).toBe("a site with the id 'riverside' exists already");
    await waitFor(() => expect(document.activeElement).toBe(field('Site id')));
    expect(field('Host names').getAttribute('aria-invalid')).toBeNull();
    // Said at the field alone, not again beside the button.
    expect(within(form()).getByRole('status').textContent).toBe('');
    expect(screen.getByTestId('studio-address').textContent).toBe('/');
  });

  it("shows the server's refusal of a host name (400) at the host names field, which takes the focus", async () => {
    stubSitesApi(operator, () => studioError(400, 'invalid_argument', "'riverside.example:8080': a host name without a port", 'hosts'));
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    fillIn({ 'Host names': 'riverside.example:8080' });
    fireEvent.click(createButton());
    await waitFor(() => expect(field('Host names').getAttribute('aria-invalid')).toBe('true'));
    expect(description(field('Host names'))).toEqual([
      'The names its public site answers on, one a line or separated by commas, without https:// or a port, such as www.riverside.example.',
      "'riverside.example:8080': a host name without a port",
    ]);
    await waitFor(() => expect(document.activeElement).toBe(field('Host names')));
    expect(field('Site id').getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's refusal of the template (422: not installed here) at the template's group, its first choice focused", async () => {
    stubSitesApi(operator, () => studioError(422, 'unprocessable', "the template 'demo' is not installed", 'template'));
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    fillIn();
    fireEvent.click(within(form()).getByRole('radio', { name: 'Copy of the demo chain' }));
    fireEvent.click(createButton());
    const templates = within(form()).getByRole('radiogroup', { name: 'Start from' });
    await waitFor(() => expect(templates.getAttribute('aria-invalid')).toBe('true'));
    expect(description(templates)).toEqual(["the template 'demo' is not installed"]);
    await waitFor(() => expect(document.activeElement).toBe(within(templates).getByRole('radio', { name: 'Empty site' })));
    expect(within(form()).getByRole('status').textContent).toBe('');
  });

  it.each([
    ['a 403 (no operator any more)', studioError(403, 'forbidden', 'operators only'), 'Only operators may create sites.'],
    [
      'a 503',
      studioError(503, 'service_unavailable', 'svc-catalogue is unavailable'),
      "The site could not be created: the studio's service is unavailable. Try again in a moment.",
    ],
    [
      'a 422 naming no field',
      studioError(422, 'unprocessable', 'the template is not installed'),
      'The studio did not create the site: the template is not installed',
    ],
    [
      'a refusal naming a field the form does not have',
      studioError(409, 'conflict', 'something else', 'theaterIds'),
      'The studio did not create the site: something else',
    ],
  ])('says beside the button what %s came to', async (_failure, refusal, text) => {
    stubSitesApi(operator, () => refusal);
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    fillIn();
    fireEvent.click(createButton());
    await waitFor(() => expect(within(form()).getByRole('status').textContent).toBe(text));
    expect(createButton().textContent).toBe('Create the site');
    expect(screen.getByTestId('studio-address').textContent).toBe('/');
  });
});
