import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DraftTheater, Me, PointOfSaleState, TheaterDetails } from '../api';
import { studioKeys } from '../hooks/studio-keys';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { noAnswer, stubSignedIn, studioError, type StudioAnswer, type StudioAnswers, type StudioCall } from '../testing/studio-api';
import { admin, demo, editor, single, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

/** Marquee Riverfront as the draft describes it (site/demo/theaters.json, with opening hours). */
const riverfront: TheaterDetails = {
  id: '101',
  name: 'Marquee Riverfront',
  address: { street: '40 Dyer Street', city: 'Providence', state: 'RI', zipCode: '02903', country: 'US' },
  phone: '(401) 555-0140',
  email: 'riverfront@marqueecinemas.example',
  description: 'Eight screens on the river walk.',
  amenities: ['Recliner seating', 'Dolby Atmos'],
  accessibility: ['Step-free entrance from the river walk', 'Assisted-listening loop'],
  parking: '',
  openingHours: [
    { days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'], opens: '11:00', closes: '23:00' },
    { days: ['Friday', 'Saturday'], opens: '10:00', closes: '01:30' },
  ],
  timeZone: 'America/New_York',
  latitude: 41.8236,
  longitude: -71.4082,
};

/** What PUT sends of Riverfront as it is: its descriptive fields, never its id or name. */
const riverfrontBody: TheaterDetails = {
  address: riverfront.address,
  phone: riverfront.phone,
  email: riverfront.email,
  description: riverfront.description,
  amenities: riverfront.amenities,
  accessibility: riverfront.accessibility,
  parking: riverfront.parking,
  openingHours: riverfront.openingHours,
  timeZone: riverfront.timeZone,
  latitude: riverfront.latitude,
  longitude: riverfront.longitude,
};

const draftTheaters: DraftTheater[] = [
  { id: '101', name: 'Marquee Riverfront', state: 'published' },
  { id: '102', name: 'Marquee Downtown', state: 'published' },
];

/** A theater manager of Riverfront (101). */
const riverfrontManager: Me = {
  staff: { id: 's7', email: 'tm@chain.example', name: 'Theo Manager' },
  grants: [{ role: 'theater-manager', siteId: 'demo', theaterIds: ['101'] }],
};

/** A theater manager of Downtown (102) alone. */
const downtownManager: Me = {
  staff: { id: 's8', email: 'dm@chain.example', name: 'Dee Manager' },
  grants: [{ role: 'theater-manager', siteId: 'demo', theaterIds: ['102'] }],
};

/** Riverfront's point of sale: not linked, its schedule pushed through the ingest API (point-of-sale-section.test.tsx reads it closer). */
const riverfrontPointOfSale: PointOfSaleState = {
  link: null,
  tokenKept: false,
  tokenSetAt: null,
  tokenSetBy: '',
  lastSuccessAt: null,
  lastError: '',
  lastErrorAt: null,
  showtimesChangedLastHour: 0,
  seatUpdatesLastHour: 0,
  lastChangeAt: null,
};

/** The studio's API for `me` on the demo site: Riverfront as above, and `answers` besides. */
function stubTheaterApi(me: Me, answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], {
    'GET /sites/demo/draft/theaters': { status: 200, body: draftTheaters },
    'GET /sites/demo/draft/theaters/101': { status: 200, body: riverfront },
    'GET /sites/demo/theaters/101/point-of-sale': { status: 200, body: riverfrontPointOfSale },
    ...answers,
  });
}

const puts = (calls: StudioCall[]) => calls.filter(({ method }) => method === 'PUT');

/** The gateway's answer to a PUT: the theater as the draft now describes it, with its id and name. */
const saved = (sent: unknown): StudioAnswer => ({ status: 200, body: { id: '101', name: 'Marquee Riverfront', ...(sent as TheaterDetails) } });

/** The form, once the theater is in. */
async function theaterForm() {
  return screen.findByRole('form', { name: 'The details of Marquee Riverfront' });
}

/** The lines of opening hours of the form. */
function hoursLines(form: HTMLElement) {
  return within(form).queryAllByTestId('studio-theater-hours-line');
}

/** The days a line of opening hours has checked, by their whole names. */
function checkedDays(line: HTMLElement) {
  return within(line)
    .getAllByRole<HTMLInputElement>('checkbox')
    .filter((box) => box.checked)
    .map((box) => box.closest('label')?.querySelector('.visually-hidden')?.textContent);
}

describe("a theater's screen", () => {
  it('shows the theater as the draft describes it, named as the point of sale names it, in its form', async () => {
    stubTheaterApi(admin);
    renderStudio('/sites/demo/theaters/101');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marquee Riverfront, a theater of Marquee Cinemas' })).toBeTruthy();
    const form = await theaterForm();
    expect(screen.getByTestId('studio-theater-point-of-sale').textContent).toBe(
      'Its name, Marquee Riverfront, and its id, 101, come from the point of sale: the studio does not change them.',
    );
    expect(within(form).getByLabelText<HTMLInputElement>('Street').value).toBe('40 Dyer Street');
    expect(within(form).getByLabelText<HTMLInputElement>('ZIP or postal code').value).toBe('02903');
    expect(within(form).getByLabelText<HTMLInputElement>('Phone').value).toBe('(401) 555-0140');
    expect(within(form).getByLabelText<HTMLInputElement>('E-mail address').value).toBe('riverfront@marqueecinemas.example');
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Description').value).toBe('Eight screens on the river walk.');
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Accessibility').value).toBe('Step-free entrance from the river walk\nAssisted-listening loop');
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Amenities').value).toBe('Recliner seating\nDolby Atmos');
    expect(within(form).getByLabelText<HTMLInputElement>('Time zone').value).toBe('America/New_York');
    expect(within(form).getByLabelText<HTMLInputElement>('Latitude').value).toBe('41.8236');
    expect(within(form).getByLabelText<HTMLInputElement>('Longitude').value).toBe('-71.4082');
    const [weekdays, weekend] = hoursLines(form) as [HTMLElement, HTMLElement];
    expect(hoursLines(form)).toHaveLength(2);
    expect(within(form).getByRole('group', { name: 'Line 1' })).toBe(weekdays);
    expect(checkedDays(weekdays)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday']);
    expect(within(weekdays).getByRole('checkbox', { name: 'Sunday' })).toBeTruthy();
    expect(within(weekdays).getByLabelText<HTMLInputElement>('Opens').value).toBe('11:00');
    expect(within(weekdays).getByLabelText<HTMLInputElement>('Opens').type).toBe('time');
    expect(checkedDays(weekend)).toEqual(['Friday', 'Saturday']);
    expect(within(weekend).getByLabelText<HTMLInputElement>('Closes').value).toBe('01:30');
    expect(within(weekend).getByText('Closes after midnight, the next day.')).toBeTruthy();
    expect(within(weekdays).queryByText('Closes after midnight, the next day.')).toBeNull();
    // The theaters' screen is marked in the site's screens on a theater's own.
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Theaters' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'All theaters of Marquee Cinemas' }).getAttribute('href')).toBe('/sites/demo/theaters');
    await waitFor(() => expect(document.title).toBe('Marquee Riverfront, a theater of Marquee Cinemas | Studio'));
    // Below the details, apart from their form: the point of sale, which does not go through the draft.
    const pointOfSale = await screen.findByRole('form', { name: 'The point of sale of Marquee Riverfront' });
    expect(form.contains(pointOfSale)).toBe(false);
    expect(form.compareDocumentPosition(pointOfSale) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("lets Riverfront's manager set its parking, and saves every descriptive field to the draft", async () => {
    const calls = stubTheaterApi(riverfrontManager, { 'PUT /sites/demo/draft/theaters/101': saved });
    const { queryClient } = renderStudio('/sites/demo/theaters/101');
    const form = await theaterForm();
    // The draft's changes and the list of theaters, as other screens left them.
    queryClient.setQueryData(studioKeys.siteDraft('demo'), { changes: [], schedule: null });
    queryClient.setQueryData(studioKeys.siteDraftTheaters('demo'), draftTheaters);

    const parking = 'Riverfront Garage on Dyer Street, validated for 3 hours.\nFree street parking after 6pm.';
    fireEvent.change(within(form).getByLabelText('Parking'), { target: { value: `${parking}\n` } });
    expect(screen.getByTestId('studio-theater-unsaved').textContent).toBe('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(screen.getByTestId('studio-theater-outcome').textContent).toBe('Saved to the draft. Publish the draft to put it on the site.'));
    const [put] = puts(calls);
    expect(put?.path).toBe('/sites/demo/draft/theaters/101');
    expect(put?.body).toEqual({ ...riverfrontBody, parking });
    expect(new Headers(put?.init.headers).get('Content-Type')).toBe('application/json');
    // The answer is kept as the theater's; the draft and the list of theaters are asked for again.
    expect(queryClient.getQueryData(studioKeys.siteDraftTheater('demo', '101'))).toEqual(saved(put?.body).body);
    expect(queryClient.getQueryState(studioKeys.siteDraft('demo'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(studioKeys.siteDraftTheaters('demo'))?.isInvalidated).toBe(true);
    // The form starts again from the answer: nothing left unsaved.
    expect(screen.queryByTestId('studio-theater-unsaved')).toBeNull();
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Parking').value).toBe(parking);
  });

  it('adds a line of opening hours, its first day taking the focus, and removes another', async () => {
    const calls = stubTheaterApi(admin, { 'PUT /sites/demo/draft/theaters/101': saved });
    renderStudio('/sites/demo/theaters/101');
    const form = await theaterForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Add a line' }));
    const added = hoursLines(form)[2] as HTMLElement;
    expect(within(form).getByRole('group', { name: 'Line 3' })).toBe(added);
    await waitFor(() => expect(document.activeElement).toBe(within(added).getByRole('checkbox', { name: 'Monday' })));
    fireEvent.click(within(added).getByRole('checkbox', { name: 'Sunday' }));
    fireEvent.change(within(added).getByLabelText('Opens'), { target: { value: '12:00' } });
    fireEvent.change(within(added).getByLabelText('Closes'), { target: { value: '22:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove line 1' }));
    expect(hoursLines(form)).toHaveLength(2);
    expect(document.activeElement).toBe(within(form).getByRole('button', { name: 'Add a line' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as TheaterDetails).openingHours).toEqual([
      { days: ['Friday', 'Saturday'], opens: '10:00', closes: '01:30' },
      { days: ['Sunday'], opens: '12:00', closes: '22:30' },
    ]);
  });

  it('takes 14 lines of opening hours at most', async () => {
    const fourteen = Array.from({ length: 14 }, () => ({ days: ['Monday'], opens: '10:00', closes: '22:00' }));
    stubTheaterApi(admin, { 'GET /sites/demo/draft/theaters/101': { status: 200, body: { ...riverfront, openingHours: fourteen } } });
    renderStudio('/sites/demo/theaters/101');
    const form = await theaterForm();
    const add = within(form).getByRole('button', { name: 'Add a line' });
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(add.getAttribute('aria-describedby')).toBe(within(form).getByText('14 lines at most: remove one to add another.').id);
    fireEvent.click(add);
    expect(hoursLines(form)).toHaveLength(14);
  });

  it('shows the refusal of a line’s opening time (400 naming `openingHours[0].opens`) on that line’s field, which takes the focus', async () => {
    const message = "'24:00' is not a time such as 09:30";
    stubTheaterApi(admin, { 'PUT /sites/demo/draft/theaters/101': studioError(400, 'invalid_argument', message, 'openingHours[0].opens') });
    renderStudio('/sites/demo/theaters/101');
    const form = await theaterForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Save to the draft' }));
    const opens = within(hoursLines(form)[0] as HTMLElement).getByLabelText('Opens');
    await waitFor(() => expect(opens.getAttribute('aria-invalid')).toBe('true'));
    expect(opens.getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
    expect(document.activeElement).toBe(opens);
    expect(within(hoursLines(form)[1] as HTMLElement).getByLabelText('Opens').getAttribute('aria-invalid')).toBeNull();
    // Said on the field alone.
    expect(screen.getByTestId('studio-theater-failure').textContent).toBe('');
  });

  it('shows the refusal of a line’s days (`openingHours[1].days`) on them, its first day taking the focus', async () => {
    const message = "'Mon' is not one of Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday";
    stubTheaterApi(admin, { 'PUT /sites/demo/draft/theaters/101': studioError(400, 'invalid_argument', message, 'openingHours[1].days') });
    renderStudio('/sites/demo/theaters/101');
    const form = await theaterForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Save to the draft' }));
    const monday = within(hoursLines(form)[1] as HTMLElement).getByRole('checkbox', { name: 'Monday' });
    await waitFor(() => expect(document.activeElement).toBe(monday));
    expect(monday.getAttribute('aria-describedby')).toBe(screen.getByText(message).id);
  });

  it('shows the refusal of its time zone (400 naming `timeZone`) on it', async () => {
    const message = "'America/Providence' is not an IANA time zone such as America/Chicago";
    stubTheaterApi(admin, { 'PUT /sites/demo/draft/theaters/101': studioError(400, 'invalid_argument', message, 'timeZone') });
    renderStudio('/sites/demo/theaters/101');
    const form = await theaterForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Save to the draft' }));
    const zone = within(form).getByLabelText('Time zone');
    await waitFor(() => expect(document.activeElement).toBe(zone));
    expect(zone.getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
  });

  it('refuses a line without a day or a time, a time zone, a position or parking notes the site would not take, before anything is sent', async () => {
    const calls = stubTheaterApi(admin);
    renderStudio('/sites/demo/theaters/101');
    const form = await theaterForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Add a line' }));
    fireEvent.change(within(form).getByLabelText('Time zone'), { target: { value: 'Mars/Olympus' } });
    fireEvent.change(within(form).getByLabelText('Longitude'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Parking'), { target: { value: 'p'.repeat(2001) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    const added = hoursLines(form)[2] as HTMLElement;
    expect(await within(added).findByText('Choose at least one day.')).toBeTruthy();
    expect(within(added).getAllByText('Enter a time.')).toHaveLength(2);
    expect(screen.getByText('Enter an IANA time zone such as America/Chicago, or leave it empty.')).toBeTruthy();
    expect(screen.getByText('Enter the longitude too, or leave both empty.')).toBeTruthy();
    expect(screen.getByText('Parking notes can be 2,000 characters at most: these are 2,001.')).toBeTruthy();
    expect(document.activeElement).toBe(within(added).getByRole('checkbox', { name: 'Monday' }));
    // A day chosen, the line's days are right again.
    fireEvent.click(within(added).getByRole('checkbox', { name: 'Wednesday' }));
    await waitFor(() => expect(within(added).queryByText('Choose at least one day.')).toBeNull());
    expect(puts(calls)).toEqual([]);
  });

  it.each([
    [studioError(403, 'permission_denied', 'may not edit theater'), "Your role on Marquee Cinemas does not let you change this theater's details."],
    [
      studioError(503, 'unavailable', 'svc-studio is down'),
      "The theater's details could not be saved: the studio's service is unavailable. Your changes are still here: try again in a moment.",
    ],
    [noAnswer, "The theater's details could not be saved: the studio did not answer. Your changes are still here: check your connection and try again."],
    [studioError(400, 'invalid_argument', 'at most 14 lines', 'openingHours'), "The theater's details were not saved: at most 14 lines"],
  ])('says why a save failed (%j), on the page', async (answer, text) => {
    const calls = stubTheaterApi(admin, { 'PUT /sites/demo/draft/theaters/101': answer });
    renderStudio('/sites/demo/theaters/101');
    const form = await theaterForm();
    fireEvent.change(within(form).getByLabelText('Phone'), { target: { value: '(401) 555-0141' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    const failure = screen.getByTestId('studio-theater-failure');
    await waitFor(() => expect(failure.textContent).toBe(text));
    expect(failure.getAttribute('role')).toBe('alert');
    expect(puts(calls)).toHaveLength(1);
    expect(within(form).getByLabelText<HTMLInputElement>('Phone').value).toBe('(401) 555-0141');
    expect(screen.getByTestId('studio-theater-unsaved').textContent).toBe('Unsaved changes');
  });

  it.each([
    ['an editor', editor, "Your role lets you read this theater's details. The site's administrators and the operators change them, and the theater's managers."],
    ['a viewer', viewer, "Your role lets you read this theater's details. The site's administrators and the operators change them, and the theater's managers."],
    [
      'the manager of another theater',
      downtownManager,
      'You change the details of the theaters you manage: this one is another theater, so you can read it alone.',
    ],
  ])('shows %s the theater as text to read, without a control', async (_who, me, note) => {
    const calls = stubTheaterApi(me);
    renderStudio('/sites/demo/theaters/101');
    expect((await screen.findByTestId('studio-theater-read-only')).textContent).toBe(note);
    const details = screen.getByRole('region', { name: 'The details of Marquee Riverfront' });
    expect(screen.queryByRole('form', { name: 'The details of Marquee Riverfront' })).toBeNull();
    for (const role of ['textbox', 'checkbox', 'button', 'combobox'] as const) expect(within(details).queryAllByRole(role)).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Save to the draft' })).toBeNull();
    expect(within(details).getByRole('heading', { level: 2, name: 'Plan your visit' })).toBeTruthy();
    const facts = Object.fromEntries(
      [...details.querySelectorAll('dl > div')].map((fact): [string, string] => [fact.querySelector('dt')?.textContent ?? '', fact.querySelector('dd')?.textContent ?? '']),
    );
    expect(facts).toEqual({
      Phone: '(401) 555-0140',
      'E-mail address': 'riverfront@marqueecinemas.example',
      Description: 'Eight screens on the river walk.',
      'Opening hours': 'Monday, Tuesday, Wednesday, and Thursday: 11:00 to 23:00Friday and Saturday: 10:00 to 01:30 the next day',
      Parking: 'Not given',
      Accessibility: 'Step-free entrance from the river walkAssisted-listening loop',
      Amenities: 'Recliner seatingDolby Atmos',
      'Time zone': 'America/New_York',
      'Map position': 'Latitude 41.8236, longitude -71.4082',
    });
    expect(within(details).getByText('Providence, RI 02903')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('says the site has no such theater (404)', async () => {
    stubTheaterApi(admin, { 'GET /sites/demo/draft/theaters/999': studioError(404, 'not_found', 'no such theater') });
    renderStudio('/sites/demo/theaters/999');
    expect((await screen.findByTestId('studio-theater-not-found')).textContent).toBe('Marquee Cinemas has no theater “999”.');
    expect(screen.getByRole('heading', { level: 1, name: 'Theater 999 of Marquee Cinemas' })).toBeTruthy();
  });

  it('opens a theater it showed before as the draft describes it now, never the copy it kept', async () => {
    let answer: TheaterDetails = riverfront;
    const calls = stubTheaterApi(admin, { 'GET /sites/demo/draft/theaters/101': () => ({ status: 200, body: answer }) });
    renderStudio('/sites/demo/theaters/101');
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Parking')).value).toBe('');
    fireEvent.click(screen.getByRole('link', { name: 'All theaters of Marquee Cinemas' }));
    answer = { ...riverfront, parking: 'Garage on Dyer Street.' };
    fireEvent.click(await screen.findByRole('link', { name: 'Marquee Riverfront' }));
    expect(screen.queryByLabelText('Parking')).toBeNull();
    expect((await screen.findByLabelText<HTMLTextAreaElement>('Parking')).value).toBe('Garage on Dyer Street.');
    expect(calls.filter(({ method, path }) => method === 'GET' && path === '/sites/demo/draft/theaters/101')).toHaveLength(2);
  });
});
