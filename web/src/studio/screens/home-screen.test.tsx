import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { stubSignedIn, stubStudioApi, studioError } from '../testing/studio-api';
import { demo, editor, operator, signedOut, single } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

/** The sites listed on the start page, each as its lines of text. */
function listedSites(): (string | null)[][] {
  return within(screen.getByTestId('studio-sites'))
    .getAllByRole('listitem')
    .map((site) => Array.from(site.children, (line) => line.textContent));
}

describe("the studio's start page", () => {
  it('lists what the staff member signed in may do, under a header with their name', async () => {
    stubSignedIn(editor, [demo, single]);
    renderStudio('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your access' })).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Studio' }).getAttribute('href')).toBe('/');
    expect(within(header).getByText('Signed in as Grace Hopper')).toBeTruthy();
    expect(within(header).getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'Your passkeys' }).getAttribute('href')).toBe('/passkeys');
    expect(screen.getByText('You are signed in as grace@example.com.')).toBeTruthy();
    const grants = within(screen.getByTestId('studio-grants')).getAllByRole('listitem');
    expect(grants.map((grant) => Array.from(grant.children, (line) => line.textContent))).toEqual([
      ['Editor', 'Site demo'],
      ['Theater manager', 'Site single', 'Theaters: 201 and 202'],
    ]);
    await waitFor(() => expect(document.title).toBe('Studio'));
  });

  it('says how to get in without a session', async () => {
    stubStudioApi({ 'GET /me': signedOut });
    renderStudio('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
    expect(screen.getByText(/open the invitation link you were sent/)).toBeTruthy();
    expect(screen.getByText(/data\/studio\/first-operator\.url/)).toBeTruthy();
    // The test's browser has no passkeys (testing/passkeys.ts gives it some).
    expect(screen.getByText('This browser cannot use passkeys. Sign in with a link by e-mail instead.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'E-mail me a sign-in link' })).toBeTruthy();
    expect(within(screen.getByRole('banner')).queryByRole('button')).toBeNull();
    await waitFor(() => expect(document.title).toBe('Sign in to the studio | Studio'));
  });

  it('signs the staff member out, then says how to get in, its heading focused', async () => {
    const calls = stubSignedIn(editor, [demo, single], {
      'POST /sign-out': { status: 204 },
    });
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByText('Signed in as Grace Hopper')).toBeNull();
    expect(screen.queryByTestId('studio-grants')).toBeNull();
    expect(screen.queryByTestId('studio-sites')).toBeNull();
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/me', undefined],
      ['GET', '/sites', undefined],
      ['POST', '/sign-out', {}],
      // Signed out, the sign-in screen asks which other ways in the platform offers.
      ['GET', '/sign-in/methods', undefined],
    ]);
  });

  it('says so when signing out failed, and stays signed in', async () => {
    stubSignedIn(editor, [demo], {
      'POST /sign-out': studioError(503, 'service_unavailable', 'unavailable'),
    });
    renderStudio('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('You are still signed in: the studio could not sign you out. Try again.'),
    );
    expect(screen.getByTestId('studio-grants')).toBeTruthy();
  });

  it("says the studio's service is unavailable, and tries again on request", async () => {
    let available = false;
    stubStudioApi({ 'GET /me': () => (available ? signedOut : studioError(503, 'service_unavailable', 'svc-studio is unavailable')) });
    renderStudio('/');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("The studio's service is unavailableIt may be starting or restarting. Try again in a moment.");
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
  });

  it('says when the studio could not be reached at all', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderStudio('/');
    expect(within(await screen.findByRole('alert')).getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
  });
});

describe("the start page's site switcher", () => {
  it('lists the sites the staff member may see, each leading to its page, with where the public reaches it', async () => {
    stubSignedIn(editor, [demo, single]);
    renderStudio('/');
    const sites = await screen.findByTestId('studio-sites');
    expect(screen.getByRole('heading', { level: 2, name: 'Your sites' })).toBeTruthy();
    expect(listedSites()).toEqual([
      ['Marquee Cinemas', 'Public site: https://marquee.example', 'Host names: marquee.example, www.marquee.example'],
      ['The Single Screen', 'Public site: https://cinema.example', 'No host name of its own'],
    ]);
    expect(within(sites).getByRole('link', { name: 'Marquee Cinemas' }).getAttribute('href')).toBe('/sites/demo');
    expect(within(sites).getByRole('link', { name: 'https://marquee.example' }).getAttribute('href')).toBe('https://marquee.example');
    expect(within(sites).getByRole('link', { name: 'The Single Screen' }).getAttribute('href')).toBe('/sites/single');
    // The frame's switcher is a site's screens' own: the start page lists the sites already.
    expect(within(screen.getByRole('banner')).queryByRole('combobox')).toBeNull();
  });

  it('lists the one site there is too, as the way to its page', async () => {
    stubSignedIn({ ...editor, grants: [{ role: 'editor', siteId: 'demo', theaterIds: [] }] }, [demo]);
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    expect(listedSites().map(([name]) => name)).toEqual(['Marquee Cinemas']);
    fireEvent.click(screen.getByRole('link', { name: 'Marquee Cinemas' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Marquee Cinemas' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/sites/demo');
  });

  it("says the sites cannot be listed while a service is unavailable (503), keeps the roles, and tries again on request", async () => {
    let available = false;
    stubStudioApi({
      'GET /me': { status: 200, body: editor },
      'GET /sites': () => (available ? { status: 200, body: [demo] } : studioError(503, 'service_unavailable', 'svc-catalogue is unavailable')),
    });
    renderStudio('/');
    const problem = await screen.findByRole('heading', { level: 2, name: "The studio's service is unavailable" });
    expect(problem.closest('[role="alert"]')?.textContent).toBe(
      "The studio's service is unavailableIt may be starting or restarting. Try again in a moment.",
    );
    // One heading of the first level, the page's.
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Your access']);
    expect(screen.getByTestId('studio-grants')).toBeTruthy();
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('studio-sites');
    expect(listedSites().map(([name]) => name)).toEqual(['Marquee Cinemas']);
    expect(screen.queryByRole('heading', { name: "The studio's service is unavailable" })).toBeNull();
  });

  it('leads to the sign-in screen when the session ended meanwhile', async () => {
    stubStudioApi({ 'GET /me': { status: 200, body: editor }, 'GET /sites': signedOut });
    renderStudio('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
    expect(screen.queryByTestId('studio-staff-name')).toBeNull();
  });
});

describe("the start page's way to the deployment's publishing", () => {
  it('leads an operator to the publishing of every site', async () => {
    stubSignedIn(operator, [demo, single], {
      'GET /publishing': { status: 200, body: { store: { status: 'off', bytes: null, limitBytes: null }, sites: [] } },
    });
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    const deployment = screen.getByRole('region', { name: 'The deployment' });
    const link = within(deployment).getByRole('link', { name: 'Publishing of every site' });
    expect(link.getAttribute('href')).toBe('/publishing');
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Publishing of the deployment' })).toBeTruthy();
    expect(await screen.findByText('Off: each gateway publishes its sites alone.')).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/publishing');
  });

  it('is not offered to anyone else', async () => {
    stubSignedIn(editor, [demo, single]);
    renderStudio('/');
    await screen.findByTestId('studio-sites');
    expect(screen.queryByRole('region', { name: 'The deployment' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Publishing of every site' })).toBeNull();
  });
});

describe("the studio's not-found screen", () => {
  it('answers an address the studio has no screen for, with a way back', async () => {
    stubStudioApi({});
    renderStudio('/sites/demo/no-such-screen');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: "Go to the studio's start page" }).getAttribute('href')).toBe('/');
    await waitFor(() => expect(document.title).toBe('Page not found | Studio'));
  });
});
