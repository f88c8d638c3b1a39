import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DraftPage } from '../api';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, studioError } from '../testing/studio-api';
import { demo, editor, single, support, viewer } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const pages: DraftPage[] = [
  { slug: 'about', title: 'About us', state: 'published' },
  { slug: 'accessibility', title: 'Accessibility at Marquee', state: 'added' },
  { slug: 'parking', title: 'Parking', state: 'changed' },
  { slug: 'old-offers', title: 'Old offers', state: 'removed' },
];

/** Each page listed: its title, and its address and where it stands. */
function listed() {
  return screen.getAllByTestId('studio-page-item').map((item) => [item.querySelector('p')?.textContent, item.querySelectorAll('p')[1]?.textContent]);
}

describe("a site's pages", () => {
  it('lists the pages as the draft has them, each with its address and where it stands, for an editor to open or add', async () => {
    stubSignedIn(editor, [demo, single], { 'GET /sites/demo/draft/pages': { status: 200, body: pages } });
    renderStudio('/sites/demo/pages');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pages of Marquee Cinemas' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'The pages of Marquee Cinemas' });
    expect(listed()).toEqual([
      ['About us', 'At /about/Published'],
      ['Accessibility at Marquee', 'At /accessibility/Added in the draft'],
      ['Parking', 'At /parking/Changed in the draft'],
      ['Old offers', 'At /old-offers/Removed in the draft'],
    ]);
    expect(within(list).getByRole('link', { name: 'Accessibility at Marquee' }).getAttribute('href')).toBe('/sites/demo/pages/accessibility');
    // A page the draft removes has no screen to open.
    expect(within(list).queryByRole('link', { name: 'Old offers' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New page' }).getAttribute('href')).toBe('/sites/demo/new-page');
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Pages' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(document.title).toBe('Pages of Marquee Cinemas | Studio'));
  });

  it('shows a viewer the pages to read, from the site’s screens, and no way to add one', async () => {
    stubSignedIn(viewer, [demo], { 'GET /sites/demo/draft/pages': { status: 200, body: pages } });
    renderStudio('/sites/demo/pages');
    expect((await screen.findByTestId('studio-pages-read-only')).textContent).toBe(
      'Your role lets you read the pages. Its editors, administrators and the operators change them.',
    );
    expect(screen.queryByRole('link', { name: 'New page' })).toBeNull();
    expect(screen.getAllByTestId('studio-page-item')).toHaveLength(4);
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Pages' }).getAttribute('aria-current')).toBe('page');
  });

  it('is among the screens of the site for every role on it, member support too', async () => {
    stubSignedIn(support, [demo], { 'GET /sites/demo/draft': { status: 200, body: { changes: [], schedule: null } } });
    renderStudio('/sites/demo/publishing');
    const nav = await screen.findByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Pages' }).getAttribute('href')).toBe('/sites/demo/pages');
  });

  it('says so when the site has no page yet', async () => {
    stubSignedIn(editor, [demo], { 'GET /sites/demo/draft/pages': { status: 200, body: [] } });
    renderStudio('/sites/demo/pages');
    expect((await screen.findByTestId('studio-pages-none')).textContent).toBe('Marquee Cinemas has no content page yet.');
  });

  it('says the site is no longer among those the staff member may open (404)', async () => {
    stubSignedIn(editor, [demo], { 'GET /sites/demo/draft/pages': studioError(404, 'not_found', 'no such site') });
    renderStudio('/sites/demo/pages');
    expect((await screen.findByTestId('studio-pages-not-found')).textContent).toContain('Marquee Cinemas is no longer among the sites you may open.');
  });
});
