import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DraftEvent, Me } from '../api';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError } from '../testing/studio-api';
import { admin, demo, editor, operator, single, support, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const events: DraftEvent[] = [
  { id: 'premiere', title: 'The Long Night: premiere', state: 'published' },
  { id: 'silentnight', title: 'Silent film night', state: 'added' },
  { id: 'quiz', title: 'Movie quiz', state: 'changed' },
  { id: 'oldgala', title: 'Old gala', state: 'removed' },
  { id: 'untitled', title: ' ', state: 'added' },
];

/** Each event listed: its title, and its id and where it stands. */
function listed() {
  return screen.getAllByTestId('studio-event-item').map((item) => [item.querySelector('p')?.textContent, item.querySelectorAll('p')[1]?.textContent]);
}

/** A theater manager of two of the demo site's theaters. */
const demoManager: Me = {
  staff: { id: 's7', email: 'tm@chain.example', name: 'Theo Manager' },
  grants: [{ role: 'theater-manager', siteId: 'demo', theaterIds: ['101', '102'] }],
};

describe("a site's events", () => {
  it('lists the events as the draft has them, each with its id and where it stands, for an editor to open or add', async () => {
    stubSignedIn(editor, [demo, single], { 'GET /sites/demo/draft/events': { status: 200, body: events } });
    renderStudio('/sites/demo/events');
    expect(await screen.findByRole('heading', { level: 1, name: 'Events of Marquee Cinemas' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'The events of Marquee Cinemas' });
    expect(listed()).toEqual([
      ['The Long Night: premiere', 'Id premierePublished'],
      ['Silent film night', 'Id silentnightAdded in the draft'],
      ['Movie quiz', 'Id quizChanged in the draft'],
      ['Old gala', 'Id oldgalaRemoved in the draft'],
      ['Untitled event', 'Id untitledAdded in the draft'],
    ]);
    expect(within(list).getByRole('link', { name: 'Silent film night' }).getAttribute('href')).toBe('/sites/demo/events/silentnight');
    // An event the draft removes has no screen to open.
    expect(within(list).queryByRole('link', { name: 'Old gala' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New event' }).getAttribute('href')).toBe('/sites/demo/new-event');
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Events' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Events of Marquee Cinemas | Studio'));
  });

  it.each([
    ['an administrator', admin],
    ['an operator', operator],
    ['a theater manager, for their theaters', demoManager],
  ])('offers %s a new event', async (_who, me) => {
    stubSignedIn(me, [demo], { 'GET /sites/demo/draft/events': { status: 200, body: events } });
    renderStudio('/sites/demo/events');
    expect((await screen.findByRole('link', { name: 'New event' })).getAttribute('href')).toBe('/sites/demo/new-event');
    expect(screen.queryByTestId('studio-events-read-only')).toBeNull();
  });

  it.each([
    ['a viewer', viewer],
    ['member support', support],
  ])('shows %s the events to read, and no way to add one', async (_who, me) => {
    stubSignedIn(me, [demo], { 'GET /sites/demo/draft/events': { status: 200, body: events } });
    renderStudio('/sites/demo/events');
    expect((await screen.findByTestId('studio-events-read-only')).textContent).toBe(
      'Your role lets you read the events. Its editors, administrators and the operators change them, and a theater manager those of their theaters.',
    );
    expect(screen.queryByRole('link', { name: 'New event' })).toBeNull();
    expect(screen.getAllByTestId('studio-event-item')).toHaveLength(5);
  });

  it.each([
    ['a viewer', viewer],
    ['member support', support],
    ['a theater manager', demoManager],
  ])('is among the screens of the site for %s', async (_who, me) => {
    stubSignedIn(me, [demo], { 'GET /sites/demo/draft': { status: 200, body: { changes: [], schedule: null } } });
    renderStudio('/sites/demo/publishing');
    const nav = await screen.findByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Events' }).getAttribute('href')).toBe('/sites/demo/events');
  });

  it('says so when the site has no event yet', async () => {
    stubSignedIn(editor, [demo], { 'GET /sites/demo/draft/events': { status: 200, body: [] } });
    renderStudio('/sites/demo/events');
    expect((await screen.findByTestId('studio-events-none')).textContent).toBe('Marquee Cinemas has no event yet.');
  });

  it('says the site is no longer among those the staff member may open (404)', async () => {
    stubSignedIn(editor, [demo], { 'GET /sites/demo/draft/events': studioError(404, 'not_found', 'no such site') });
    renderStudio('/sites/demo/events');
    expect((await screen.findByTestId('studio-events-not-found')).textContent).toContain('Marquee Cinemas is no longer among the sites you may open.');
  });

  it("says the studio's service is away (503), with a way to ask again", async () => {
    stubSignedIn(editor, [demo], { 'GET /sites/demo/draft/events': studioError(503, 'unavailable', 'svc-studio is down') });
    renderStudio('/sites/demo/events');
    expect(await screen.findByRole('heading', { level: 2, name: "The studio's service is unavailable" }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
