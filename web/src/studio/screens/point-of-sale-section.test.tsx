import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Me, PointOfSaleSetting, PointOfSaleState, TheaterDetails } from '../api';
import { studioKeys } from '../hooks/studio-keys';
import { POINT_OF_SALE_REFRESH_MS } from '../hooks/use-point-of-sale';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { giveSelectsWhatBrowsersHave } from '../testing/select-defaults';
import { noAnswer, stubSignedIn, studioError, type StudioAnswer, type StudioAnswers, type StudioCall } from '../testing/studio-api';
import { admin, demo, editor, single, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();
// The provider and the attributes' meanings are selects, which start from the link.
giveSelectsWhatBrowsersHave();

const path = '/sites/demo/theaters/101/point-of-sale';

/** Marquee Riverfront as the draft describes it: its name is all the point of sale's section reads of it. */
const riverfront: TheaterDetails = { id: '101', name: 'Marquee Riverfront', address: null, openingHours: [] };

/** Riverfront's schedule pushed through the ingest API: no link, no token. */
const notLinked: PointOfSaleState = {
  link: null,
  tokenKept: false,
  tokenSetAt: null,
  tokenSetBy: '',
  lastSuccessAt: null,
  lastError: '',
  lastErrorAt: null,
  showtimesChangedLastHour: 4,
  seatUpdatesLastHour: 0,
  lastChangeAt: '2026-12-03T14:40:00Z',
};

/** Riverfront linked to Veezi with a token uploaded, its last poll failed after its last success. */
const linked: PointOfSaleState = {
  link: { provider: 'veezi', tokenFile: '', attributes: { OC: 'open-captions', '3D': '3d' } },
  tokenKept: true,
  tokenSetAt: '2026-12-03T14:05:00Z',
  tokenSetBy: 'Theo Manager',
  lastSuccessAt: '2026-12-03T15:00:00Z',
  lastError: 'Veezi answered 403 Forbidden',
  lastErrorAt: '2026-12-03T15:01:00Z',
  showtimesChangedLastHour: 1234,
  seatUpdatesLastHour: 56,
  lastChangeAt: '2026-12-03T14:59:00Z',
};

/** A theater manager of Riverfront (101). */
const riverfrontManager: Me = {
  staff: { id: 's7', email: 'tm@chain.example', name: 'Theo Manager' },
  grants: [{ role: 'theater-manager', siteId: 'demo', theaterIds: ['101'] }],
};

/** The studio's API for `me` on the demo site: Riverfront, its point of sale `state`, and `answers` besides. */
function stubPointOfSaleApi(me: Me, state: PointOfSaleState, answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], {
    'GET /sites/demo/draft/theaters/101': { status: 200, body: riverfront },
    [`GET ${path}`]: { status: 200, body: state },
    ...answers,
  });
}

const puts = (calls: StudioCall[]) => calls.filter(({ method, path: called }) => method === 'PUT' && called === path);

/** The point of sale's section, once its state is in. */
async function section() {
  const region = await screen.findByRole('region', { name: 'Point of sale' });
  await within(region).findByTestId('studio-point-of-sale-status');
  return region;
}

/** The point of sale's form. */
async function pointOfSaleForm() {
  return screen.findByRole('form', { name: 'The point of sale of Marquee Riverfront' });
}

/** The health's facts, each its name and its text. */
function healthFacts(region: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...region.querySelectorAll('dl > div')].map((fact): [string, string] => [
      fact.querySelector('dt')?.textContent ?? '',
      fact.querySelector('dd')?.textContent ?? '',
    ]),
  );
}

describe("a theater's point of sale", () => {
  it('shows its health plainly: the link, the last poll and its failure, the last hour, the token kept (never the token)', async () => {
    stubPointOfSaleApi(admin, linked);
    renderStudio('/sites/demo/theaters/101');
    const region = await section();
    expect(within(region).getByRole('heading', { level: 2, name: 'Point of sale' })).toBeTruthy();
    expect(within(region).getByRole('heading', { level: 3, name: 'Its health' })).toBeTruthy();
    expect(within(region).getByText(/takes effect at once: it does not go through the draft/)).toBeTruthy();
    const status = screen.getByTestId('studio-point-of-sale-status');
    expect(status.textContent).toBe('Linked to Veezi: its last poll failed. The site keeps showing the last schedule it brought in.');
    expect(status.getAttribute('role')).toBe('status');
    const facts = healthFacts(region);
    expect(facts).toEqual({
      'Linked to': 'Veezi',
      'Last successful poll': expect.stringMatching(/^Dec 3, 2026, /) as string,
      'Last error': expect.stringMatching(/^Veezi answered 403 ForbiddenDec 3, 2026, /) as string,
      'Showtimes changed in the last hour': '1,234',
      'Seat updates in the last hour': '56',
      'Last change': expect.stringMatching(/^Dec 3, 2026, /) as string,
      Token: expect.stringMatching(/^A token is kept, uploaded Dec 3, 2026, .+ by Theo Manager\. It is never shown\.$/) as string,
    });
    expect(within(screen.getByTestId('studio-point-of-sale-last-success')).getByText(/Dec 3, 2026/).getAttribute('dateTime')).toBe(linked.lastSuccessAt);
    expect(screen.getByTestId('studio-point-of-sale-token').querySelector('time')?.getAttribute('dateTime')).toBe(linked.tokenSetAt);
  });

  it('says a theater not linked has its schedule pushed through the ingest API', async () => {
    stubPointOfSaleApi(admin, notLinked);
    renderStudio('/sites/demo/theaters/101');
    const region = await section();
    expect(screen.getByTestId('studio-point-of-sale-status').textContent).toBe('Not linked: the schedule is pushed through the ingest API.');
    expect(healthFacts(region)).toEqual({
      'Linked to': 'Not linked',
      'Showtimes changed in the last hour': '4',
      'Seat updates in the last hour': '0',
      'Last change': expect.stringMatching(/^Dec 3, 2026, /) as string,
      Token: 'No token is kept.',
    });
    expect(within(region).queryByRole('button', { name: 'Unlink' })).toBeNull();
  });

  it('is asked for again every 30 seconds while the screen is open', async () => {
    stubPointOfSaleApi(admin, linked);
    const { queryClient } = renderStudio('/sites/demo/theaters/101');
    await section();
    const query = queryClient.getQueryCache().find({ queryKey: studioKeys.sitePointOfSale('demo', '101') });
    expect(POINT_OF_SALE_REFRESH_MS).toBe(30_000);
    expect(query?.observers.map((observer) => observer.options.refetchInterval)).toEqual([30_000]);
  });

  it("lets Riverfront's manager link it with a token and an attribute, at once; the token field is empty after, a token kept said", async () => {
    const secret = 'veezi-secret-token-0042';
    const calls = stubPointOfSaleApi(riverfrontManager, notLinked, {
      [`PUT ${path}`]: (sent) => {
        const setting = sent as PointOfSaleSetting;
        return {
          status: 200,
          body: { ...notLinked, link: setting.link, tokenKept: true, tokenSetAt: '2026-12-03T16:00:00Z', tokenSetBy: 'Theo Manager' },
        };
      },
    });
    const { queryClient } = renderStudio('/sites/demo/theaters/101');
    const form = await pointOfSaleForm();
    // The audit log, as its screen left it.
    queryClient.setQueryData(studioKeys.siteAuditEntries({ siteId: 'demo' }), []);
    const token = within(form).getByLabelText<HTMLInputElement>('API token');
    expect(token.type).toBe('password');
    expect(token.value).toBe('');
    expect(within(form).getByLabelText<HTMLSelectElement>('Provider').value).toBe('veezi');
    expect(within(form).getByTestId('studio-point-of-sale-attributes-none').textContent).toBe('No short name is mapped.');

    fireEvent.change(token, { target: { value: `${secret}\n` } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add an attribute' }));
    const line = within(form).getByRole('group', { name: 'Attribute 1' });
    await waitFor(() => expect(document.activeElement).toBe(within(line).getByLabelText('Short name')));
    fireEvent.change(within(line).getByLabelText('Short name'), { target: { value: 'OC' } });
    const means = within(line).getByLabelText<HTMLSelectElement>('Means');
    expect(within(means).getAllByRole('option').map((option) => option.textContent)).toContain('Open captions (open-captions)');
    fireEvent.change(means, { target: { value: 'open-captions' } });
    expect(screen.getByTestId('studio-point-of-sale-unsaved').textContent).toBe('Unsaved changes');
    fireEvent.click(within(form).getByRole('button', { name: 'Save link' }));

    await waitFor(() => expect(screen.getByTestId('studio-point-of-sale-outcome').textContent).toBe('Saved: the link took effect at once.'));
    const [put] = puts(calls);
    expect(put?.body).toEqual({ link: { provider: 'veezi', tokenFile: '', attributes: { OC: 'open-captions' } }, token: secret });
    expect(new Headers(put?.init.headers).get('Content-Type')).toBe('application/json');
    // Nothing went to the draft.
    expect(calls.filter(({ method, path: called }) => method !== 'GET' && called.includes('/draft'))).toEqual([]);
    // The answer is the theater's point of sale now; the audit log is asked for again.
    expect(queryClient.getQueryData(studioKeys.sitePointOfSale('demo', '101'))).toMatchObject({
      link: { provider: 'veezi', tokenFile: '', attributes: { OC: 'open-captions' } },
      tokenKept: true,
    });
    expect(queryClient.getQueryState(studioKeys.siteAuditEntries({ siteId: 'demo' }))?.isInvalidated).toBe(true);
    // The token is never shown again: its field is empty, and said to be kept.
    expect(within(form).getByLabelText<HTMLInputElement>('API token').value).toBe('');
    expect(within(form).getByText('A token is kept; paste a new one to replace it. It is never shown.')).toBeTruthy();
    expect(healthFacts(await section()).Token).toMatch(/^A token is kept, uploaded Dec 3, 2026, .+ by Theo Manager\. It is never shown\.$/);
    expect(screen.getByTestId('studio-point-of-sale-status').textContent).toBe("Linked to Veezi: waiting for the connector's first poll.");
    expect(document.body.innerHTML).not.toContain(secret);
    expect(screen.queryByTestId('studio-point-of-sale-unsaved')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Unlink' })).toBeTruthy();
  });

  it('saves a link again without a token: the one kept stays', async () => {
    const calls = stubPointOfSaleApi(admin, linked, { [`PUT ${path}`]: { status: 200, body: linked } });
    renderStudio('/sites/demo/theaters/101');
    const form = await pointOfSaleForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Remove attribute 2' }));
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Add an attribute' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]?.body).toEqual({ link: { provider: 'veezi', tokenFile: '', attributes: { OC: 'open-captions' } } });
  });

  it('asks for a token to link a theater that has none, before anything is sent', async () => {
    const calls = stubPointOfSaleApi(admin, notLinked);
    renderStudio('/sites/demo/theaters/101');
    const form = await pointOfSaleForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Save link' }));
    const token = within(form).getByLabelText('API token');
    await waitFor(() => expect(document.activeElement).toBe(token));
    expect(token.getAttribute('aria-describedby')).toContain(screen.getByText("Paste the cinema's API token: none is kept yet.").id);
    expect(puts(calls)).toEqual([]);
  });

  it.each([
    ['the token (`token`)', 'token', 'token is required to link a theater', () => within(document.body).getByLabelText('API token')],
    [
      'an attribute’s code (`link.attributes.OC`)',
      'link.attributes.OC',
      "'subtitles-ish' is not a showtime attribute",
      () => within(within(document.body).getByRole('group', { name: 'Attribute 1' })).getByLabelText('Means'),
    ],
    ['the provider (`link.provider`)', 'link.provider', "'vista' is not a point of sale: veezi", () => within(document.body).getByLabelText('Provider')],
  ])('shows the refusal of %s on that field, which takes the focus', async (_what, field, message, control) => {
    const calls = stubPointOfSaleApi(admin, { ...linked, link: { provider: 'veezi', tokenFile: '', attributes: { OC: 'subtitles-ish' } } }, {
      [`PUT ${path}`]: studioError(400, 'invalid_argument', message, field),
    });
    renderStudio('/sites/demo/theaters/101');
    const form = await pointOfSaleForm();
    // A code this version does not know is kept, so that saving the link as it is keeps it.
    expect(within(form).getByLabelText<HTMLSelectElement>('Means').value).toBe('subtitles-ish');
    fireEvent.change(within(form).getByLabelText('API token'), { target: { value: 'veezi-secret' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save link' }));
    await waitFor(() => expect(document.activeElement).toBe(control()));
    expect(control().getAttribute('aria-invalid')).toBe('true');
    expect(control().getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
    expect(screen.getByTestId('studio-point-of-sale-failure').textContent).toBe('');
    expect(puts(calls)).toHaveLength(1);
    // The token typed is still there to send again.
    expect(within(form).getByLabelText<HTMLInputElement>('API token').value).toBe('veezi-secret');
  });

  it.each([
    [studioError(403, 'permission_denied', 'may not edit theater'), "Your role on Marquee Cinemas does not let you change this theater's point of sale."],
    [studioError(503, 'unavailable', 'svc-catalogue is down'), "The point of sale was not changed: the studio's service is unavailable. Try again in a moment."],
    [noAnswer, 'The point of sale may not have changed: the studio did not answer. Check your connection and try again.'],
    [studioError(400, 'invalid_argument', 'the connector is away', 'link.attributes.XX'), 'The point of sale was not changed: the connector is away'],
  ])('says why a change failed (%j), below the form', async (answer: StudioAnswer, text) => {
    stubPointOfSaleApi(admin, linked, { [`PUT ${path}`]: answer });
    renderStudio('/sites/demo/theaters/101');
    const form = await pointOfSaleForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Save link' }));
    const failure = screen.getByTestId('studio-point-of-sale-failure');
    await waitFor(() => expect(failure.textContent).toBe(text));
    expect(failure.getAttribute('role')).toBe('alert');
  });

  it('unlinks after asking: the theater is then pushed through the ingest API', async () => {
    const calls = stubPointOfSaleApi(admin, linked, { [`PUT ${path}`]: { status: 200, body: { ...notLinked, lastChangeAt: null } } });
    renderStudio('/sites/demo/theaters/101');
    const form = await pointOfSaleForm();
    const unlink = within(form).getByRole('button', { name: 'Unlink' });
    unlink.focus();
    fireEvent.click(unlink);
    let dialog = await screen.findByRole('dialog', { name: 'Unlink Marquee Riverfront from Veezi?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep the link' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(puts(calls)).toEqual([]);

    fireEvent.click(unlink);
    dialog = await screen.findByRole('dialog', { name: 'Unlink Marquee Riverfront from Veezi?' });
    expect(dialog.textContent).toContain('the token uploaded here is forgotten');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink' }));
    await waitFor(() => expect(screen.getByTestId('studio-point-of-sale-outcome').textContent).toBe("Unlinked: the theater's schedule is now pushed through the ingest API."));
    // The Unlink button is gone: the link's heading has the focus it had.
    expect(document.activeElement).toBe(within(form).getByRole('heading', { level: 3, name: 'Its link' }));
    expect(puts(calls).map(({ body }) => body)).toEqual([{ link: null }]);
    expect(screen.getByTestId('studio-point-of-sale-status').textContent).toBe('Not linked: the schedule is pushed through the ingest API.');
    expect(within(form).queryByRole('button', { name: 'Unlink' })).toBeNull();
    expect(within(form).getByText("The cinema's API token from its point of sale, one line. Kept for the connector, never shown again.")).toBeTruthy();
  });

  it.each([
    ['a viewer', viewer],
    ['an editor', editor],
  ])('shows %s the health and the link to read, without a control', async (_who, me) => {
    const calls = stubPointOfSaleApi(me, linked);
    renderStudio('/sites/demo/theaters/101');
    const region = await section();
    expect(screen.queryByRole('form', { name: 'The point of sale of Marquee Riverfront' })).toBeNull();
    for (const role of ['textbox', 'combobox', 'button', 'checkbox'] as const) expect(within(region).queryAllByRole(role)).toEqual([]);
    expect(screen.getByTestId('studio-point-of-sale-read-only').textContent).toBe(
      "Your role lets you read the point of sale's link and health. The site's administrators and the operators change it, and the theater's managers.",
    );
    expect(healthFacts(region)['Showtimes changed in the last hour']).toBe('1,234');
    const table = within(region).getByRole('table', { name: 'The attributes of Marquee Riverfront' });
    expect(within(table).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Short name', 'Means'],
      ['OC', 'Open captions (open-captions)'],
      ['3D', '3D (3d)'],
    ]);
    expect(calls.filter(({ method }) => method !== 'GET')).toEqual([]);
  });

  it('says when the point of sale could not be read, and asks again', async () => {
    let answer: StudioAnswer = studioError(503, 'unavailable', 'svc-catalogue is down');
    stubPointOfSaleApi(admin, linked, { [`GET ${path}`]: () => answer });
    renderStudio('/sites/demo/theaters/101');
    const region = await screen.findByRole('region', { name: 'Point of sale' });
    const retry = await within(region).findByRole('button', { name: 'Try again' });
    answer = { status: 200, body: linked };
    fireEvent.click(retry);
    expect((await within(region).findByTestId('studio-point-of-sale-status')).textContent).toMatch(/^Linked to Veezi/);
  });
});
