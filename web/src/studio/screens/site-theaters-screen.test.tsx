import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DraftTheater, Me } from '../api';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError } from '../testing/studio-api';
import { admin, demo, editor, operator, single, support, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const theaters: DraftTheater[] = [
  { id: '101', name: 'Marquee Riverfront', state: 'changed' },
  { id: '102', name: 'Marquee Downtown', state: 'published' },
  { id: '103', name: ' ', state: 'published' },
];

/** Each theater listed: its name, and its id and where it stands. */
function listed() {
  return screen.getAllByTestId('studio-theater-item').map((item) => [item.querySelector('p')?.textContent, item.querySelectorAll('p')[1]?.textContent]);
}

/** A theater manager of Riverfront and theater 103. */
const riverfrontManager: Me = {
  staff: { id: 's7', email: 'tm@chain.example', name: 'Theo Manager' },
  grants: [{ role: 'theater-manager', siteId: 'demo', theaterIds: ['101', '103'] }],
};

describe("a site's theaters", () => {
  it('lists the theaters as the draft describes them, each with its id and where it stands, for an administrator to open', async () => {
    stubSignedIn(admin, [demo], { 'GET /sites/demo/draft/theaters': { status: 200, body: theaters } });
    renderStudio('/sites/demo/theaters');
    expect(await screen.findByRole('heading', { level: 1, name: 'Theaters of Marquee Cinemas' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'The theaters of Marquee Cinemas' });
    expect(listed()).toEqual([
      ['Marquee Riverfront', 'Id 101Changed in the draft'],
      ['Marquee Downtown', 'Id 102Published'],
      ['103', 'Id 103Published'],
    ]);
    expect(within(list).getByRole('link', { name: 'Marquee Riverfront' }).getAttribute('href')).toBe('/sites/demo/theaters/101');
    // An administrator describes every theater: nothing is said of reading alone.
    expect(screen.queryByTestId('studio-theaters-read-only')).toBeNull();
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Theaters' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Theaters of Marquee Cinemas | Studio'));
  });

  it('marks the theaters a theater manager manages, and says they read the others', async () => {
    stubSignedIn(riverfrontManager, [demo], { 'GET /sites/demo/draft/theaters': { status: 200, body: theaters } });
    renderStudio('/sites/demo/theaters');
    await screen.findByRole('list', { name: 'The theaters of Marquee Cinemas' });
    expect(listed()).toEqual([
      ['Marquee Riverfront', 'Id 101, a theater you manageChanged in the draft'],
      ['Marquee Downtown', 'Id 102Published'],
      ['103', 'Id 103, a theater you managePublished'],
    ]);
    expect(screen.getByTestId('studio-theaters-read-only').textContent).toBe(
      'You change the details of the theaters you manage, marked below. You can read the others.',
    );
  });

  it.each([
    ['an editor', editor],
    ['a viewer', viewer],
    ['member support', support],
  ])('shows %s the theaters to read', async (_who, me) => {
    stubSignedIn(me, [demo, single], { 'GET /sites/demo/draft/theaters': { status: 200, body: theaters } });
    renderStudio('/sites/demo/theaters');
    expect((await screen.findByTestId('studio-theaters-read-only')).textContent).toBe(
      "Your role lets you read the theaters' details. The site's administrators and the operators change them, and each theater's managers.",
    );
    expect(screen.getAllByTestId('studio-theater-item')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Marquee Downtown' }).getAttribute('href')).toBe('/sites/demo/theaters/102');
  });

  it.each([
    ['a viewer', viewer],
    ['an operator', operator],
    ['a theater manager', riverfrontManager],
  ])('is among the screens of the site for %s, after its events and before its movies', async (_who, me) => {
    stubSignedIn(me, [demo], { 'GET /sites/demo/draft': { status: 200, body: { changes: [], schedule: null } } });
    renderStudio('/sites/demo/publishing');
    const nav = await screen.findByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    const links = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(links.slice(links.indexOf('Events'), links.indexOf('Events') + 3)).toEqual(['Events', 'Theaters', 'Movies']);
    expect(within(nav).getByRole('link', { name: 'Theaters' }).getAttribute('href')).toBe('/sites/demo/theaters');
  });

  it('says so when the site has no theater', async () => {
    stubSignedIn(admin, [demo], { 'GET /sites/demo/draft/theaters': { status: 200, body: [] } });
    renderStudio('/sites/demo/theaters');
    expect((await screen.findByTestId('studio-theaters-none')).textContent).toBe('Marquee Cinemas has no theater yet: its point of sale adds them.');
  });

  it('says the site is no longer among those the staff member may open (404)', async () => {
    stubSignedIn(admin, [demo], { 'GET /sites/demo/draft/theaters': studioError(404, 'not_found', 'no such site') });
    renderStudio('/sites/demo/theaters');
    expect((await screen.findByTestId('studio-theaters-not-found')).textContent).toContain('Marquee Cinemas is no longer among the sites you may open.');
  });

  it("says the studio's service is away (503), with a way to ask again", async () => {
    stubSignedIn(admin, [demo], { 'GET /sites/demo/draft/theaters': studioError(503, 'unavailable', 'svc-studio is down') });
    renderStudio('/sites/demo/theaters');
    expect(await screen.findByRole('heading', { level: 2, name: "The studio's service is unavailable" }, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
