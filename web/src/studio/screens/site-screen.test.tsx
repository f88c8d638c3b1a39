import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, stubStudioApi, studioError } from '../testing/studio-api';
import { admin, demo, editor, operator, signedOut, single } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

/** The site's facts, each as its term and its description. */
function facts(): [string | null, string | null][] {
  const list = screen.getByTestId('studio-site');
  return Array.from(list.querySelectorAll('dt'), (term) => [term.textContent, term.nextElementSibling?.textContent ?? null]);
}

describe("a site's page", () => {
  it("shows the site's name, where the public reaches it, its host names and the staff member's role on it", async () => {
    stubSignedIn(editor, [demo, single]);
    renderStudio('/sites/demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Marquee Cinemas' })).toBeTruthy();
    expect(facts()).toEqual([
      ['Public site', 'https://marquee.example'],
      ['Host names', 'marquee.examplewww.marquee.example'],
      ['Site id', 'demo'],
      ['Your role', 'Editor'],
    ]);
    expect(screen.getByRole('link', { name: 'https://marquee.example' }).getAttribute('href')).toBe('https://marquee.example');
    await waitFor(() => expect(document.title).toBe('Marquee Cinemas | Studio'));
    // An editor reads the pages, the events, the theaters, the movies, the media library, the draft and the history, but neither manages the staff or the ingest keys nor reads the audit log: no way to any.
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/sites/demo'],
      ['Look and settings', '/sites/demo/look'],
      ['Pages', '/sites/demo/pages'],
      ['Events', '/sites/demo/events'],
      ['Theaters', '/sites/demo/theaters'],
      ['Movies', '/sites/demo/movies'],
      ['Media', '/sites/demo/media'],
      ['Publishing', '/sites/demo/publishing'],
      ['History', '/sites/demo/history'],
    ]);
  });

  it("names a theater manager's theaters, and a site without host names of its own", async () => {
    stubSignedIn(editor, [demo, single]);
    renderStudio('/sites/single');
    expect(await screen.findByRole('heading', { level: 1, name: 'The Single Screen' })).toBeTruthy();
    expect(facts()).toContainEqual(['Host names', "None of its own: it is served at the platform's public address."]);
    expect(facts()).toContainEqual(['Your role', 'Theater manager, of the theaters 201 and 202']);
    // Every role on the site reads its look, its pages, its events, its theaters, its movies, its media library, its draft and its history (only some change them).
    const nav = screen.getByRole('navigation', { name: 'The screens of The Single Screen' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Overview', '/sites/single'],
      ['Look and settings', '/sites/single/look'],
      ['Pages', '/sites/single/pages'],
      ['Events', '/sites/single/events'],
      ['Theaters', '/sites/single/theaters'],
      ['Movies', '/sites/single/movies'],
      ['Media', '/sites/single/media'],
      ['Publishing', '/sites/single/publishing'],
      ['History', '/sites/single/history'],
    ]);
  });

  it('leads an administrator of the site to its staff', async () => {
    stubSignedIn(admin, [demo], {
      'GET /sites/demo/staff': { status: 200, body: [] },
      'GET /sites/demo/invitations': { status: 200, body: [] },
    });
    renderStudio('/sites/demo');
    await screen.findByRole('heading', { level: 1, name: 'Marquee Cinemas' });
    expect(facts()).toContainEqual(['Your role', 'Administrator']);
    const nav = screen.getByRole('navigation', { name: 'The screens of Marquee Cinemas' });
    expect(within(nav).getByRole('link', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/sites/demo/audit');
    expect(within(nav).getByRole('link', { name: 'Ingest keys' }).getAttribute('href')).toBe('/sites/demo/ingest-keys');
    fireEvent.click(within(nav).getByRole('link', { name: 'Staff' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff of Marquee Cinemas' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo/staff');
  });

  it('shows an operator as such, with the way to the staff', async () => {
    stubSignedIn(operator, [demo, single]);
    renderStudio('/sites/single');
    await screen.findByRole('heading', { level: 1, name: 'The Single Screen' });
    expect(facts()).toContainEqual(['Your role', 'Operator, of every site']);
    expect(screen.getByRole('link', { name: 'Staff' }).getAttribute('href')).toBe('/sites/single/staff');
    expect(screen.getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/sites/single/audit');
  });

  it("is not found for a site that is not among the staff member's, whether it exists or not", async () => {
    const calls = stubSignedIn(admin, [demo]);
    renderStudio('/sites/single');
    expect(await screen.findByRole('heading', { level: 1, name: 'Site not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Go to the studio's start page" }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Site not found | Studio'));
    expect(calls.map(({ path }) => path)).toEqual(['/me', '/sites']);
  });

  it("says the studio's service is unavailable (503), and tries again on request", async () => {
    let available = false;
    stubStudioApi({
      'GET /me': { status: 200, body: editor },
      'GET /sites': () => (available ? { status: 200, body: [demo] } : studioError(503, 'service_unavailable', 'svc-catalogue is unavailable')),
    });
    renderStudio('/sites/demo');
    expect(await screen.findByRole('heading', { level: 1, name: "The studio's service is unavailable" })).toBeTruthy();
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marquee Cinemas' })).toBeTruthy();
  });

  it('leads to the sign-in screen without a session', async () => {
    stubStudioApi({ 'GET /me': signedOut, 'GET /sites': signedOut });
    renderStudio('/sites/demo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/');
  });
});

describe("the frame's site switcher", () => {
  it('opens another site the staff member may see, the one shown chosen', async () => {
    stubSignedIn(editor, [demo, single]);
    renderStudio('/sites/demo');
    await screen.findByRole('heading', { level: 1, name: 'Marquee Cinemas' });
    const switcher = within(screen.getByRole('banner')).getByRole('form', { name: 'Another site' });
    const select = within(switcher).getByRole('combobox', { name: 'Site' });
    expect(select).toHaveProperty('value', 'demo');
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Marquee Cinemas', 'The Single Screen']);
    // Choosing alone moves nowhere.
    fireEvent.change(select, { target: { value: 'single' } });
    expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo');
    fireEvent.click(within(switcher).getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Single Screen' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/sites/single');
    await waitFor(() => expect(within(screen.getByRole('banner')).getByRole('combobox', { name: 'Site' })).toHaveProperty('value', 'single'));
  });

  it('is not there when there is no other site to go to', async () => {
    stubSignedIn(admin, [demo]);
    renderStudio('/sites/demo');
    await screen.findByRole('heading', { level: 1, name: 'Marquee Cinemas' });
    expect(within(screen.getByRole('banner')).queryByRole('combobox')).toBeNull();
  });
});
