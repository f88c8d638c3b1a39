import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Me, SiteDetails } from '../api';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError, type StudioAnswer, type StudioCall } from '../testing/studio-api';
import { admin, demo, editor, operator, single } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

/** The demo site as GET /sites/demo gives it: no public URL of its own. */
const demoDetails: SiteDetails = { ...demo, ownPublicUrl: '' };

/**
 * The studio's API for `me` on the demo site's page: the sites and the demo site's details
 * (`details`, which a 200 to the PATCH changes, as the server would, the list's entry too)
 * and the answer to the PATCH.
 */
function stubAddressApi(me: Me, answer: (body: unknown) => StudioAnswer, details: SiteDetails | StudioAnswer = demoDetails) {
  let sites = [demo, single];
  let detailsAnswer: StudioAnswer = 'ownPublicUrl' in details ? { status: 200, body: details } : details;
  return stubSignedIn(me, [], {
    'GET /sites': () => ({ status: 200, body: sites }),
    'GET /sites/demo': () => detailsAnswer,
    'PATCH /sites/demo': (body) => {
      const answered = answer(body);
      if (answered.status === 200) {
        const saved = answered.body as SiteDetails;
        sites = sites.map((site) => (site.id === 'demo' ? { ...site, hosts: saved.hosts, publicUrl: saved.publicUrl } : site));
        detailsAnswer = answered;
      }
      return answered;
    },
  });
}

const form = () => screen.getByRole('form', { name: 'Where it is served' });
const field = (name: 'Host names' | 'Public URL (optional)') => within(form()).getByRole('textbox', { name });
const saveButton = () => within(form()).getByRole('button', { name: /^(Save where it is served|Saving…)$/ });
const patches = (calls: StudioCall[]) => calls.filter(({ method }) => method === 'PATCH').map(({ path, body }) => [path, body]);

/** The text the field is read with besides its label: its hint, then its error. */
function description(control: HTMLElement): string[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? `#${id} missing`);
}

/** The site's facts above the form, each as its term and its description. */
function facts(): [string | null, string | null][] {
  const list = screen.getByTestId('studio-site');
  return Array.from(list.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent ?? null]);
}

const moved: SiteDetails = {
  ...demo,
  hosts: ['marquee.example', 'tickets.marquee.example'],
  publicUrl: 'https://tickets.marquee.example',
  ownPublicUrl: 'https://tickets.marquee.example',
};

async function openDemo() {
  renderStudio('/sites/demo');
  await screen.findByRole('heading', { level: 1, name: 'Marquee Cinemas' });
}

/** The demo site's page, once its form has come (from the site's details). */
async function openForm() {
  await openDemo();
  await screen.findByRole('form', { name: 'Where it is served' });
}

describe('where a site is served, on its page', () => {
  it("is offered to an operator, from the site's host names one a line and its own public URL (none here), its hint saying where the site is reached now", async () => {
    stubAddressApi(operator, () => ({ status: 200, body: demo }));
    await openForm();
    expect(within(form()).getByRole('heading', { level: 2, name: 'Where it is served' })).toBeTruthy();
    expect(field('Host names').tagName).toBe('TEXTAREA');
    expect(field('Host names')).toHaveProperty('value', 'marquee.example\nwww.marquee.example');
    expect(field('Public URL (optional)')).toHaveProperty('value', '');
    expect(field('Public URL (optional)').getAttribute('type')).toBe('url');
    expect(description(field('Public URL (optional)'))).toEqual([
      "It is reached at https://marquee.example now. An address of its own is an origin, such as https://www.riverside.example; left empty, the site is reached at the deployment's address on its first host name.",
    ]);
    expect(within(form()).getByRole('status').textContent).toBe('');
  });

  it('starts from the public URL the site has of its own, where it has one', async () => {
    stubAddressApi(operator, () => ({ status: 200, body: moved }), moved);
    await openForm();
    expect(field('Host names')).toHaveProperty('value', 'marquee.example\ntickets.marquee.example');
    expect(field('Public URL (optional)')).toHaveProperty('value', 'https://tickets.marquee.example');
  });

  it("shows no form until the site's details have come, and what kept them from coming, with a way to ask again", async () => {
    const calls = stubAddressApi(
      operator,
      () => ({ status: 200, body: moved }),
      studioError(503, 'service_unavailable', 'svc-catalogue is unavailable'),
    );
    await openDemo();
    expect(await screen.findByRole('heading', { level: 2, name: "The studio's service is unavailable" })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Where it is served' })).toBeNull();
    expect(calls.filter(({ method, path }) => method === 'GET' && path === '/sites/demo').length).toBeGreaterThan(0);
  });

  it.each([
    ['an administrator of the site', admin],
    ['an editor of the site', editor],
  ])('is not offered to %s', async (_who, me) => {
    const calls = stubAddressApi(me, () => studioError(403, 'forbidden', 'operators only'));
    await openDemo();
    expect(screen.queryByRole('form', { name: 'Where it is served' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Where it is served' })).toBeNull();
    expect(calls.filter(({ path }) => path === '/sites/demo')).toEqual([]);
  });

  it('sends the host names one each and the public URL trimmed, once however often it is clicked; then says where the site is served', async () => {
    const calls = stubAddressApi(operator, () => ({ status: 200, body: moved }));
    await openForm();
    fireEvent.change(field('Host names'), { target: { value: 'Marquee.example,\n\n tickets.marquee.example , ' } });
    fireEvent.change(field('Public URL (optional)'), { target: { value: ' https://tickets.marquee.example ' } });
    fireEvent.click(saveButton());
    fireEvent.click(saveButton());

    await waitFor(() =>
      expect(within(form()).getByRole('status').textContent).toBe(
        'Saved: the site is served on marquee.example and tickets.marquee.example, at https://tickets.marquee.example.',
      ),
    );
    expect(patches(calls)).toEqual([['/sites/demo', { hosts: ['marquee.example', 'tickets.marquee.example'], publicUrl: 'https://tickets.marquee.example' }]]);
    const patch = calls.find(({ method }) => method === 'PATCH');
    expect(new Headers(patch?.init.headers).get('Content-Type')).toBe('application/json');
    // The page shows where the site is served now, and the form starts from it.
    expect(facts()).toContainEqual(['Public site', 'https://tickets.marquee.example']);
    expect(facts()).toContainEqual(['Host names', 'marquee.exampletickets.marquee.example']);
    expect(field('Host names')).toHaveProperty('value', 'marquee.example\ntickets.marquee.example');
    expect(field('Public URL (optional)')).toHaveProperty('value', 'https://tickets.marquee.example');
    expect(saveButton().textContent).toBe('Save where it is served');
  });

  it("starts again from the public URL as the server normalised it, not as it was typed", async () => {
    stubAddressApi(operator, () => ({ status: 200, body: moved }));
    await openForm();
    fireEvent.change(field('Public URL (optional)'), { target: { value: 'HTTPS://Tickets.Marquee.example/' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(field('Public URL (optional)')).toHaveProperty('value', 'https://tickets.marquee.example'));
    expect(field('Host names')).toHaveProperty('value', 'marquee.example\ntickets.marquee.example');
  });

  it("sends no host name and an empty public URL (the deployment's) when none was typed", async () => {
    const calls = stubAddressApi(operator, () => ({ status: 200, body: { ...demoDetails, hosts: [], publicUrl: 'https://cinema.example' } }));
    await openForm();
    fireEvent.change(field('Host names'), { target: { value: ' , \n' } });
    fireEvent.change(field('Public URL (optional)'), { target: { value: '  ' } });
    fireEvent.click(saveButton());
    await waitFor(() =>
      expect(within(form()).getByRole('status').textContent).toBe(
        'Saved: the site has no host name of its own, and is reached at https://cinema.example.',
      ),
    );
    expect(patches(calls)).toEqual([['/sites/demo', { hosts: [], publicUrl: '' }]]);
  });

  it('shows a busy button while the change is being saved, and sends it once', async () => {
    const calls = stubAddressApi(operator, () => ({ status: 200, body: moved }));
    // The PATCH is answered at the test's word.
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const stubbed = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
      init?.method === 'PATCH' ? answered.then(() => stubbed(url, init)) : stubbed(url, init),
    );
    await openForm();
    fireEvent.click(saveButton());
    await waitFor(() => expect(saveButton().textContent).toBe('Saving…'));
    expect(saveButton().getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(saveButton());
    answer();
    await waitFor(() => expect(saveButton().textContent).toBe('Save where it is served'));
    expect(patches(calls)).toHaveLength(1);
  });

  it("shows the server's refusal of a host name (409: another site has it) at the host names field, which takes the focus", async () => {
    stubAddressApi(operator, () => studioError(409, 'conflict', "the host 'cinema.example' is the site 'single''s", 'hosts'));
    await openForm();
    fireEvent.change(field('Host names'), { target: { value: 'marquee.example\ncinema.example' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(field('Host names').getAttribute('aria-invalid')).toBe('true'));
    expect(description(field('Host names'))).toEqual([
      'The names its public site answers on, one a line or separated by commas, without https:// or a port, such as www.riverside.example. They replace the ones it has.',
      "the host 'cinema.example' is the site 'single''s",
    ]);
    await waitFor(() => expect(document.activeElement).toBe(field('Host names')));
    expect(field('Public URL (optional)').getAttribute('aria-invalid')).toBeNull();
    // Said at the field alone, not again beside the button; the page still shows what the site has.
    expect(within(form()).getByRole('status').textContent).toBe('');
    expect(facts()).toContainEqual(['Host names', 'marquee.examplewww.marquee.example']);
  });

  it("shows the server's refusal of the public URL (400) at its field, which takes the focus", async () => {
    stubAddressApi(operator, () => studioError(400, 'invalid_argument', "'ftp://marquee.example': an http or https origin", 'publicUrl'));
    await openForm();
    fireEvent.change(field('Public URL (optional)'), { target: { value: 'ftp://marquee.example' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(field('Public URL (optional)').getAttribute('aria-invalid')).toBe('true'));
    expect(description(field('Public URL (optional)'))[1]).toBe("'ftp://marquee.example': an http or https origin");
    await waitFor(() => expect(document.activeElement).toBe(field('Public URL (optional)')));
    expect(field('Host names').getAttribute('aria-invalid')).toBeNull();
  });

  it.each([
    ['a 403 (no operator any more)', studioError(403, 'forbidden', 'operators only'), 'Only operators may change where a site is served.'],
    [
      'a 404 (the site is gone)',
      studioError(404, 'not_found', "no site 'demo'"),
      'Marquee Cinemas is no longer among the sites you may open. Your sites are listed on the start page.',
    ],
    [
      'a 503',
      studioError(503, 'service_unavailable', 'svc-catalogue is unavailable'),
      "Nothing was changed: the studio's service is unavailable. Try again in a moment.",
    ],
    [
      'a refusal naming a field the form does not have',
      studioError(400, 'invalid_argument', 'something else', 'name'),
      'The studio did not change where the site is served: something else',
    ],
  ])('says beside the button what %s came to', async (_failure, refusal, text) => {
    stubAddressApi(operator, () => refusal);
    await openForm();
    fireEvent.click(saveButton());
    await waitFor(() => expect(within(form()).getByRole('status').textContent).toBe(text));
    expect(saveButton().textContent).toBe('Save where it is served');
  });
});
