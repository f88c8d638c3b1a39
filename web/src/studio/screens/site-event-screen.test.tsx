import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DraftEvent, EventRecord, Me, StudioMovie, StudioTheater } from '../api';
import { studioKeys } from '../hooks/studio-keys';
import { lobby, seat } from '../testing/media-fixtures';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { noAnswer, stubSignedIn, studioError, type StudioAnswer, type StudioAnswers, type StudioCall } from '../testing/studio-api';
import { demo, editor, single, support, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

// happy-dom's <select> has no `size` (a browser's is 0), which react-hook-form reads to tell
// a select changed before the form was ready: without it, a select would keep its first
// option rather than show the event's theater and movie (as site-look-screen.test.tsx says).
Object.defineProperty(HTMLSelectElement.prototype, 'size', { configurable: true, get: () => 0 });

const theaters: StudioTheater[] = [
  { id: '101', name: 'Marquee Downtown' },
  { id: '102', name: 'Marquee Riverside' },
  { id: '103', name: 'Marquee Uptown' },
];

const movies: StudioMovie[] = [
  { id: '1001', title: 'The Long Night', releaseDate: null, runtimeMinutes: 118, rating: 'PG-13', posterUrl: '/posters/1001.svg' },
  { id: '1002', title: 'Metropolis', releaseDate: '1927-01-10', runtimeMinutes: 153, rating: 'NR', posterUrl: '/posters/1002.svg' },
];

/** An event as GET answers it: its times RFC 3339 with its theater's offset. */
const silentNight: EventRecord = {
  id: 'silentnight',
  title: 'Silent film night',
  slug: 'silent-film-night',
  description: 'With a live organ.',
  theaterId: '102',
  movieId: '1002',
  startsAt: '2030-01-10T19:00:00-05:00',
  unpublishAt: '',
  image: '/media/m2.jpg',
  bookingUrl: '',
};

const draftEvents: DraftEvent[] = [
  { id: 'premiere', title: 'The Long Night: premiere', state: 'published' },
  { id: 'silentnight', title: 'Silent film night', state: 'added' },
  { id: 'oldgala', title: 'Old gala', state: 'removed' },
];

/** A theater manager of two of the demo site's theaters, 101 and 103. */
const demoManager: Me = {
  staff: { id: 's7', email: 'tm@chain.example', name: 'Theo Manager' },
  grants: [{ role: 'theater-manager', siteId: 'demo', theaterIds: ['101', '103'] }],
};

/** The studio's API for `me` on the demo site: its events, theaters and movies as above, and `answers` besides. */
function stubEventsApi(me: Me, answers: StudioAnswers = {}) {
  return stubSignedIn(me, [demo, single], {
    'GET /sites/demo/draft/events': { status: 200, body: draftEvents },
    'GET /sites/demo/draft/events/silentnight': { status: 200, body: silentNight },
    'GET /sites/demo/theaters': { status: 200, body: theaters },
    'GET /sites/demo/movies': { status: 200, body: movies },
    ...answers,
  });
}

const puts = (calls: StudioCall[]) => calls.filter(({ method }) => method === 'PUT');

/** The gateway's answer to a PUT of an event: the event as the draft now has it, its times with the theater's offset. */
const saved = (sent: unknown): StudioAnswer => {
  const event = sent as EventRecord;
  const withOffset = (local: string | undefined) => (local ? `${local}:00-05:00` : '');
  return { status: 200, body: { ...event, startsAt: withOffset(event.startsAt), unpublishAt: withOffset(event.unpublishAt) } };
};

/** The form, once the event and the theaters and movies it chooses from are in. */
async function eventForm(name = 'The event “Silent film night”') {
  return screen.findByRole('form', { name });
}

/** The theaters a form's select offers, by name. */
function theaterOptions(form: HTMLElement) {
  return within(within(form).getByLabelText('Theater')).getAllByRole('option').map((option) => option.textContent);
}

describe("an event's screen", () => {
  it('opens the event as the draft has it, its start on the theater’s clock, and saves it whole to the draft', async () => {
    const calls = stubEventsApi(editor, { 'PUT /sites/demo/draft/events/silentnight': saved });
    const { queryClient } = renderStudio('/sites/demo/events/silentnight');
    expect(await screen.findByRole('heading', { level: 1, name: 'Event “silentnight” of Marquee Cinemas' })).toBeTruthy();
    const form = await eventForm();
    expect(within(form).getByLabelText<HTMLInputElement>('Title').value).toBe('Silent film night');
    expect(within(form).getByLabelText<HTMLInputElement>('Words of its address (optional)').value).toBe('silent-film-night');
    expect(within(form).getByLabelText<HTMLTextAreaElement>('Description (optional)').value).toBe('With a live organ.');
    expect(within(form).getByLabelText<HTMLSelectElement>('Theater').value).toBe('102');
    expect(theaterOptions(form)).toEqual(['Choose the theater', 'Marquee Downtown', 'Marquee Riverside', 'Marquee Uptown']);
    expect(within(form).getByLabelText<HTMLSelectElement>('Movie (optional)').value).toBe('1002');
    // 19:00 at the theater, whatever the browser's zone.
    expect(within(form).getByLabelText<HTMLInputElement>('Starts at').value).toBe('2030-01-10T19:00');
    expect(within(form).getByLabelText<HTMLInputElement>('Take the event off the site at (optional)').value).toBe('');
    expect(within(form).getByLabelText<HTMLInputElement>('Picture (optional)').value).toBe('/media/m2.jpg');
    expect(screen.getByTestId('studio-event-id').textContent).toContain('silentnight');
    expect(screen.queryByLabelText('Id')).toBeNull();
    // The draft's changes and the list of events, as other screens left them.
    queryClient.setQueryData(studioKeys.siteDraft('demo'), { changes: [], schedule: null });
    queryClient.setQueryData(studioKeys.siteDraftEvents('demo'), draftEvents);

    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Silent film night, with organ' } });
    fireEvent.change(within(form).getByLabelText('Theater'), { target: { value: '101' } });
    fireEvent.change(within(form).getByLabelText('Movie (optional)'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Starts at'), { target: { value: '2030-01-12T20:30' } });
    fireEvent.change(within(form).getByLabelText('Take the event off the site at (optional)'), { target: { value: '2030-01-13T00:00' } });
    fireEvent.change(within(form).getByLabelText('Booking link (optional)'), { target: { value: 'https://tickets.example.org/silent' } });
    expect(screen.getByTestId('studio-event-unsaved').textContent).toBe('Unsaved changes');
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(screen.getByTestId('studio-event-outcome').textContent).toBe('Saved to the draft. Publish the draft to put it on the site.'));
    const [put] = puts(calls);
    expect(put?.path).toBe('/sites/demo/draft/events/silentnight');
    expect(put?.body).toEqual({
      id: 'silentnight',
      title: 'Silent film night, with organ',
      slug: 'silent-film-night',
      description: 'With a live organ.',
      theaterId: '101',
      startsAt: '2030-01-12T20:30',
      unpublishAt: '2030-01-13T00:00',
      image: '/media/m2.jpg',
      bookingUrl: 'https://tickets.example.org/silent',
    });
    expect(new Headers(put?.init.headers).get('Content-Type')).toBe('application/json');
    // The answer is kept as the event's; the publishing screen's draft and the list of events are asked for again.
    expect(queryClient.getQueryData(studioKeys.siteDraftEvent('demo', 'silentnight'))).toEqual(saved(put?.body).body);
    expect(queryClient.getQueryState(studioKeys.siteDraft('demo'))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(studioKeys.siteDraftEvents('demo'))?.isInvalidated).toBe(true);
    // The form starts again from the answer: nothing left unsaved, the start still on the theater's clock.
    expect(screen.queryByTestId('studio-event-unsaved')).toBeNull();
    expect(within(form).getByLabelText<HTMLInputElement>('Starts at').value).toBe('2030-01-12T20:30');
  });

  it('shows the refusal of its booking link (400 naming `bookingUrl`) on that field, which takes the focus', async () => {
    const message = "'https://user@tickets.example.org/' is not an https address";
    stubEventsApi(editor, { 'PUT /sites/demo/draft/events/silentnight': studioError(400, 'invalid_argument', message, 'bookingUrl') });
    renderStudio('/sites/demo/events/silentnight');
    const form = await eventForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Save to the draft' }));
    const booking = within(form).getByLabelText('Booking link (optional)');
    await waitFor(() => expect(booking.getAttribute('aria-invalid')).toBe('true'));
    expect(booking.getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
    expect(document.activeElement).toBe(booking);
    // Said on the field alone.
    expect(screen.getByTestId('studio-event-failure').textContent).toBe('');
    expect(screen.getByTestId('studio-event-outcome').textContent).toBe('');
  });

  it('shows a theater the site does not have (422 naming `theaterId`) on the theater', async () => {
    const message = "the site has no theater '102'";
    stubEventsApi(editor, { 'PUT /sites/demo/draft/events/silentnight': studioError(422, 'failed_precondition', message, 'theaterId') });
    renderStudio('/sites/demo/events/silentnight');
    const form = await eventForm();
    fireEvent.click(within(form).getByRole('button', { name: 'Save to the draft' }));
    const theater = within(form).getByLabelText('Theater');
    await waitFor(() => expect(theater.getAttribute('aria-invalid')).toBe('true'));
    expect(theater.getAttribute('aria-describedby')).toContain(screen.getByText(message).id);
  });

  it('refuses a booking link or a picture the site would not take, before anything is sent', async () => {
    const calls = stubEventsApi(editor);
    renderStudio('/sites/demo/events/silentnight');
    const form = await eventForm();
    fireEvent.change(within(form).getByLabelText('Booking link (optional)'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.change(within(form).getByLabelText('Picture (optional)'), { target: { value: '/media/organ.svg' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to the draft' }));
    expect(
      await screen.findByText('Use an address starting with https://, such as https://tickets.example.com/silent-night, or leave it empty.'),
    ).toBeTruthy();
    expect(screen.getByText('Use a JPEG, PNG, GIF or WebP image, its address ending .jpg, .png, .gif or .webp, or leave it empty.')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it("takes its picture from the site's media library, by its path, and saves it", async () => {
    const calls = stubEventsApi(editor, {
      'GET /sites/demo/media': { status: 200, body: [lobby, seat] },
      'PUT /sites/demo/draft/events/silentnight': saved,
    });
    renderStudio('/sites/demo/events/silentnight');
    const form = await eventForm();
    expect(calls.some(({ path }) => path.startsWith('/sites/demo/media'))).toBe(false);
    fireEvent.click(within(form).getByRole('button', { name: "Choose the event's picture from the media library" }));
    const images = await screen.findByRole('list', { name: "Images to choose the event's picture from" });
    fireEvent.click(within(images).getByRole('button', { name: /^A wheelchair space/ }));
    const picture = within(form).getByLabelText<HTMLInputElement>('Picture (optional)');
    expect(picture.value).toBe('/media/m1.jpg');
    await waitFor(() => expect(document.activeElement).toBe(picture));
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as EventRecord).image).toBe('/media/m1.jpg');
  });

  it('removes the event from the site in the draft, once confirmed, and says so on the list', async () => {
    const calls = stubEventsApi(editor, { 'DELETE /sites/demo/draft/events/silentnight': { status: 204 } });
    const { queryClient } = renderStudio('/sites/demo/events/silentnight');
    await eventForm();
    queryClient.setQueryData(studioKeys.siteDraft('demo'), { changes: [], schedule: null });
    fireEvent.click(screen.getByRole('button', { name: 'Remove from the site' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Silent film night” from the site?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the event' }));
    await waitFor(() => expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo/events'));
    expect(calls.filter(({ method }) => method === 'DELETE').map(({ path, body }) => [path, body])).toEqual([['/sites/demo/draft/events/silentnight', {}]]);
    expect((await screen.findByTestId('studio-events-outcome')).textContent).toBe(
      '“Silent film night” is removed in the draft. Publish the draft to take it off the site.',
    );
    expect(queryClient.getQueryState(studioKeys.siteDraft('demo'))?.isInvalidated).toBe(true);
  });

  it('keeps the event when the removal is not confirmed', async () => {
    const calls = stubEventsApi(editor);
    renderStudio('/sites/demo/events/silentnight');
    await eventForm();
    fireEvent.click(screen.getByRole('button', { name: 'Remove from the site' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter(({ method }) => method === 'DELETE')).toEqual([]);
  });

  it.each([
    [studioError(403, 'permission_denied', 'may not edit content'), 'Your role on Marquee Cinemas does not let you change this event.'],
    [studioError(503, 'unavailable', 'svc-studio is down'), "The event could not be saved: the studio's service is unavailable. Your changes are still here: try again in a moment."],
    [noAnswer, 'The event could not be saved: the studio did not answer. Your changes are still here: check your connection and try again.'],
  ])('says why a save failed (%j), on the page', async (answer, text) => {
    const calls = stubEventsApi(editor, { 'PUT /sites/demo/draft/events/silentnight': answer });
    renderStudio('/sites/demo/events/silentnight');
    const form = await eventForm();
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Silent night' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    const failure = screen.getByTestId('studio-event-failure');
    await waitFor(() => expect(failure.textContent).toBe(text));
    expect(failure.getAttribute('role')).toBe('alert');
    expect(puts(calls)).toHaveLength(1);
    expect(within(form).getByLabelText<HTMLInputElement>('Title').value).toBe('Silent night');
    expect(screen.getByTestId('studio-event-unsaved').textContent).toBe('Unsaved changes');
  });

  it.each([
    ['a viewer', viewer],
    ['member support', support],
  ])('shows %s the event to read, and no way to change it', async (_who, me) => {
    const calls = stubEventsApi(me);
    renderStudio('/sites/demo/events/silentnight');
    expect((await screen.findByTestId('studio-event-read-only')).textContent).toBe(
      'Your role lets you read this event. Its editors, administrators and the operators change it, and the manager of its theater.',
    );
    const form = await eventForm();
    expect(within(form).getByLabelText<HTMLInputElement>('Title').closest('fieldset:disabled')).not.toBeNull();
    expect(within(form).getByLabelText<HTMLSelectElement>('Theater').value).toBe('102');
    expect(within(form).getByLabelText('Booking link (optional)').closest('fieldset:disabled')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Save to the draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove from the site' })).toBeNull();
    expect(screen.queryByRole('button', { name: /from the media library$/ })).toBeNull();
    expect(puts(calls)).toEqual([]);
  });

  it('lets a theater manager change an event at a theater of theirs, choosing among their theaters alone', async () => {
    const atDowntown: EventRecord = { ...silentNight, theaterId: '101' };
    const calls = stubEventsApi(demoManager, {
      'GET /sites/demo/draft/events/silentnight': { status: 200, body: atDowntown },
      'PUT /sites/demo/draft/events/silentnight': saved,
    });
    renderStudio('/sites/demo/events/silentnight');
    const form = await eventForm();
    expect(theaterOptions(form)).toEqual(['Choose the theater', 'Marquee Downtown', 'Marquee Uptown']);
    expect(within(form).getByLabelText<HTMLSelectElement>('Theater').value).toBe('101');
    fireEvent.change(within(form).getByLabelText('Theater'), { target: { value: '103' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save to the draft' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as EventRecord).theaterId).toBe('103');
  });

  it("shows a theater manager another theater's event to read alone", async () => {
    stubEventsApi(demoManager);
    renderStudio('/sites/demo/events/silentnight');
    expect((await screen.findByTestId('studio-event-read-only')).textContent).toBe(
      'You change the events of the theaters you manage: this one is at another theater, so you can read it alone.',
    );
    const form = await eventForm();
    expect(within(form).getByLabelText<HTMLSelectElement>('Theater').value).toBe('102');
    expect(screen.queryByRole('button', { name: 'Save to the draft' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove from the site' })).toBeNull();
  });

  it('says the event is not in the draft (404)', async () => {
    stubEventsApi(editor, { 'GET /sites/demo/draft/events/gone': studioError(404, 'not_found', 'no such event') });
    renderStudio('/sites/demo/events/gone');
    expect((await screen.findByTestId('studio-event-not-found')).textContent).toBe(
      'The draft of Marquee Cinemas has no event “gone”: it was removed, or never made.',
    );
  });

  it("says the site's theaters could not be loaded, and opens the form once they are", async () => {
    let available = false;
    stubEventsApi(editor, {
      'GET /sites/demo/theaters': () => (available ? { status: 200, body: theaters } : studioError(503, 'unavailable', 'svc-studio is down')),
    });
    renderStudio('/sites/demo/events/silentnight');
    expect(await screen.findByRole('heading', { level: 2, name: "The studio's service is unavailable" })).toBeTruthy();
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await eventForm()).toBeTruthy();
  });

  it('opens an event it showed before as the draft has it now, never the copy it kept', async () => {
    let answer: EventRecord = silentNight;
    const calls = stubEventsApi(editor, { 'GET /sites/demo/draft/events/silentnight': () => ({ status: 200, body: answer }) });
    renderStudio('/sites/demo/events/silentnight');
    expect((await screen.findByLabelText<HTMLInputElement>('Title')).value).toBe('Silent film night');
    fireEvent.click(screen.getByRole('link', { name: 'All events of Marquee Cinemas' }));
    answer = { ...silentNight, title: 'Silent film night, sold out' };
    fireEvent.click(await screen.findByRole('link', { name: 'Silent film night' }));
    expect(screen.queryByLabelText('Title')).toBeNull();
    expect((await screen.findByLabelText<HTMLInputElement>('Title')).value).toBe('Silent film night, sold out');
    expect(calls.filter(({ method, path }) => method === 'GET' && path === '/sites/demo/draft/events/silentnight')).toHaveLength(2);
  });
});

describe('a new event', () => {
  /** Fills the new event's id, title, theater and start, and saves it. */
  async function fillNewEvent(id: string, theaterId = '101') {
    const form = await eventForm('The new event');
    fireEvent.change(within(form).getByLabelText('Id'), { target: { value: id } });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Members’ night' } });
    fireEvent.change(within(form).getByLabelText('Theater'), { target: { value: theaterId } });
    fireEvent.change(within(form).getByLabelText('Starts at'), { target: { value: '2030-02-01T18:30' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to the draft' }));
    return form;
  }

  it("is saved at the id typed, with what was filled alone, and opens as that event's screen", async () => {
    const calls = stubEventsApi(editor, {
      'PUT /sites/demo/draft/events/membersnight': saved,
      'GET /sites/demo/draft/events/membersnight': {
        status: 200,
        body: { id: 'membersnight', title: 'Members’ night', theaterId: '101', startsAt: '2030-02-01T18:30:00-05:00' },
      },
    });
    renderStudio('/sites/demo/new-event');
    expect(await screen.findByRole('heading', { level: 1, name: 'New event of Marquee Cinemas' })).toBeTruthy();
    const form = await eventForm('The new event');
    expect(within(form).getByLabelText<HTMLSelectElement>('Theater').value).toBe('');
    expect(within(form).getByLabelText<HTMLSelectElement>('Movie (optional)').value).toBe('');
    await fillNewEvent('membersnight');
    await waitFor(() => expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo/events/membersnight'));
    expect(puts(calls).map(({ path, body }) => [path, body])).toEqual([
      ['/sites/demo/draft/events/membersnight', { id: 'membersnight', title: 'Members’ night', theaterId: '101', startsAt: '2030-02-01T18:30' }],
    ]);
    expect((await screen.findByTestId('studio-event-outcome')).textContent).toBe('Saved to the draft. Publish the draft to put it on the site.');
    expect(screen.getByTestId('studio-event-id').textContent).toContain('membersnight');
    await waitFor(() => expect(screen.getByTestId('studio-address').dataset.state).toBeUndefined());
  });

  it("is marked in the site's screens as one of its events", async () => {
    stubEventsApi(editor);
    renderStudio('/sites/demo/new-event');
    await eventForm('The new event');
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/sites/demo/events');
    expect(within(nav).getByRole('link', { name: 'Pages' }).getAttribute('aria-current')).toBeNull();
  });

  it.each([
    ['members-night', 'Use lower-case letters and digits only (no - or space), such as silentnight2030.'],
    ['Members', 'Use lower-case letters and digits only (no - or space), such as silentnight2030.'],
    ['', "Enter the event's id, such as silentnight2030."],
    ['m'.repeat(65), 'The id can be 64 characters at most.'],
    ['premiere', 'The site has an event “premiere” already: choose another id, or open that event from the list of events.'],
  ])('refuses the id %j, and sends nothing', async (id, text) => {
    const calls = stubEventsApi(editor);
    renderStudio('/sites/demo/new-event');
    await fillNewEvent(id);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Id'));
    expect(puts(calls)).toEqual([]);
  });

  it('takes the id of an event the draft removes', async () => {
    const calls = stubEventsApi(editor, { 'PUT /sites/demo/draft/events/oldgala': saved });
    renderStudio('/sites/demo/new-event');
    await fillNewEvent('oldgala');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
  });

  it('asks for its title, theater and start before anything is sent', async () => {
    const calls = stubEventsApi(editor);
    renderStudio('/sites/demo/new-event');
    const form = await eventForm('The new event');
    fireEvent.change(within(form).getByLabelText('Id'), { target: { value: 'membersnight' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save to the draft' }));
    expect(await screen.findByText("Enter the event's title.")).toBeTruthy();
    expect(screen.getByText('Choose the theater the event takes place at.')).toBeTruthy();
    expect(screen.getByText('Enter the day and time the event starts.')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('offers a theater manager their theaters alone', async () => {
    const calls = stubEventsApi(demoManager, { 'PUT /sites/demo/draft/events/membersnight': saved });
    renderStudio('/sites/demo/new-event');
    const form = await eventForm('The new event');
    expect(theaterOptions(form)).toEqual(['Choose the theater', 'Marquee Downtown', 'Marquee Uptown']);
    expect(within(form).getByText('The theaters you manage: you add and change the events of those alone.')).toBeTruthy();
    await fillNewEvent('membersnight', '103');
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect((puts(calls)[0]?.body as EventRecord).theaterId).toBe('103');
  });

  it('is at the one theater a theater manager manages, chosen for them', async () => {
    const oneTheater: Me = { ...demoManager, grants: [{ role: 'theater-manager', siteId: 'demo', theaterIds: ['102'] }] };
    stubEventsApi(oneTheater);
    renderStudio('/sites/demo/new-event');
    const form = await eventForm('The new event');
    expect(theaterOptions(form)).toEqual(['Choose the theater', 'Marquee Riverside']);
    expect(within(form).getByLabelText<HTMLSelectElement>('Theater').value).toBe('102');
  });

  it.each([
    ['a viewer', viewer],
    ['member support', support],
  ])('is not offered to %s', async (_who, me) => {
    stubEventsApi(me);
    renderStudio('/sites/demo/new-event');
    expect((await screen.findByTestId('studio-event-refused')).textContent).toBe(
      'Your role on Marquee Cinemas does not let you add events. Its editors, administrators and the operators do, and its theater managers at their theaters.',
    );
    expect(screen.queryByRole('form', { name: 'The new event' })).toBeNull();
  });
});
