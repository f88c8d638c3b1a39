import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DeploymentPublishing, SitePublishing } from '../api';
import { cleanUpAfterEachTest, renderStudio } from '../testing/render-studio';
import { noAnswer, stubSignedIn, studioError, type StudioAnswers } from '../testing/studio-api';
import { demo, editor, operator, single } from '../testing/studio-fixtures';

cleanUpAfterEachTest();

const MB = 1024 * 1024;

/** The demo chain, published and in step on the gateway that holds its lease. */
const demoPublished: SitePublishing = {
  siteId: 'demo',
  status: 'published',
  revision: '3f9a0c1e2b7d4a5c6e8f9012',
  publishedAt: '2026-12-04T09:30:00Z',
  pages: 1204,
  stalePages: 0,
  pendingRevision: null,
  storedRevision: '3f9a0c1e2b7d4a5c6e8f9012',
  role: 'publisher',
  problem: null,
};

/** The single screen, some of its pages stale since the renderer stopped answering. */
const singleStale: SitePublishing = {
  siteId: 'single',
  status: 'stale',
  revision: 'a1b2c3d4e5f60718293a4b5c',
  publishedAt: '2026-12-03T14:05:00Z',
  pages: 48,
  stalePages: 3,
  pendingRevision: null,
  storedRevision: 'a1b2c3d4e5f60718293a4b5c',
  role: 'replica',
  problem: 'the renderer did not answer for 3 pages',
};

const connected: DeploymentPublishing = {
  store: { status: 'connected', bytes: 312.5 * MB, limitBytes: 1024 * MB },
  sites: [demoPublished, singleStale],
};

/** The studio's API for `me`, who may see the demo site and the single screen, its publishing as `current` gives it each time. */
function stubPublishingApi(current: () => DeploymentPublishing, answers: StudioAnswers = {}, me = operator) {
  return stubSignedIn(me, [demo, single], { 'GET /publishing': () => ({ status: 200, body: current() }), ...answers });
}

/** The sites listed, each row as its cells' text. */
function listedSites(): (string | null)[][] {
  return within(screen.getByTestId('studio-publishing-sites'))
    .getAllByTestId('studio-publishing-site')
    .map((row) => Array.from(row.children, (cell) => cell.textContent));
}

const publishingCalls = (calls: { method: string; path: string }[]) => calls.filter(({ method, path }) => method === 'GET' && path === '/publishing');

describe("the deployment's publishing, an operator's screen", () => {
  it("shows the published store's use and every site, those that need a look first", async () => {
    stubPublishingApi(() => connected);
    renderStudio('/publishing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Publishing of the deployment' })).toBeTruthy();
    const store = await screen.findByTestId('studio-published-store');
    expect(within(store).getByRole('heading', { level: 2, name: 'Published store' })).toBeTruthy();
    expect(within(store).getByText('Connected: 312.5 MB of 1 GB used (31%).')).toBeTruthy();
    expect(within(store).getByRole('meter', { name: "The published store's use" }).getAttribute('value')).toBe(String(312.5 * MB));
    const table = screen.getByTestId('studio-publishing-sites');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toEqual(['Site', 'Status', 'Actions', 'Revision', 'Published', 'Pages', 'Stale pages', 'Pending revision', 'Stored revision', 'Role', 'Problem']);
    await waitFor(() => expect(listedSites()[0]?.[0]).toBe('The Single Screen'));
    expect(listedSites()).toEqual([
      [
        'The Single Screen',
        'Stale',
        'Publish again',
        'a1b2c3d4',
        expect.stringMatching(/^Dec 3, 2026, /),
        '48',
        '3',
        'None',
        'a1b2c3d4',
        'Replica',
        'the renderer did not answer for 3 pages',
      ],
      ['Marquee Cinemas', 'Published', 'Publish again', '3f9a0c1e', expect.stringMatching(/^Dec 4, 2026, /), '1,204', '0', 'None', '3f9a0c1e', 'Publisher', 'None'],
    ]);
    expect(within(table).getByRole('link', { name: 'Marquee Cinemas' }).getAttribute('href')).toBe('/sites/demo');
    expect(within(table).getByRole('link', { name: 'The Single Screen' }).getAttribute('href')).toBe('/sites/single');
    expect(table.querySelector('time')?.getAttribute('dateTime')).toBe('2026-12-03T14:05:00Z');
    expect(within(table).getByRole('button', { name: 'Publish again: Marquee Cinemas' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Publishing of the deployment | Studio'));
  });

  it('says when the store is off or unreachable, and when a site has not been published yet', async () => {
    const unpublished: SitePublishing = {
      ...demoPublished,
      siteId: 'new-site',
      status: 'unavailable',
      revision: null,
      publishedAt: null,
      pages: 0,
      storedRevision: null,
      pendingRevision: 'ffeeddccbbaa998877665544',
      role: null,
      problem: 'the first revision is being rendered',
    };
    let store: DeploymentPublishing['store'] = { status: 'off', bytes: null, limitBytes: null };
    stubPublishingApi(() => ({ store, sites: [unpublished] }));
    const { queryClient } = renderStudio('/publishing');
    const summary = await screen.findByTestId('studio-published-store');
    expect(within(summary).getByText('Off: each gateway publishes its sites alone.')).toBeTruthy();
    expect(within(summary).queryByRole('meter')).toBeNull();
    // A site the sites list does not name goes by its id.
    expect(listedSites()).toEqual([
      ['new-site', 'Unavailable', 'Publish again', 'None', 'Not yet', '0', '0', 'ffeeddcc', 'None', 'Publishes alone', 'the first revision is being rendered'],
    ]);
    store = { status: 'unreachable', bytes: null, limitBytes: null };
    await queryClient.refetchQueries({ queryKey: ['studio', 'publishing'] });
    expect(
      await within(summary).findByText(
        'Unreachable: what is served goes on being served, and each revision is stored once the store answers again.',
      ),
    ).toBeTruthy();
  });

  it('publishes a site again once confirmed, sending {}, says what was asked for, and reads the publishing again', async () => {
    let current = connected;
    const calls = stubPublishingApi(() => current, {
      'POST /sites/demo/republish': () => {
        current = { ...connected, sites: [{ ...demoPublished, status: 'publishing', pendingRevision: 'ffeeddccbbaa998877665544' }, singleStale] };
        return { status: 202, body: { revision: 'ffeeddccbbaa998877665544' } };
      },
    });
    renderStudio('/publishing');
    const republish = await screen.findByRole('button', { name: 'Publish again: Marquee Cinemas' });
    republish.focus();
    fireEvent.click(republish);
    const dialog = await screen.findByRole('dialog', { name: 'Publish Marquee Cinemas again?' });
    expect(within(dialog).getByText(/^Every page of Marquee Cinemas is rendered again, reusing nothing of its last revision/)).toBeTruthy();
    // Nothing is sent until it is confirmed; Cancel has the focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
    const readsBefore = publishingCalls(calls).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish again' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(republish);
    await waitFor(() =>
      expect(screen.getByTestId('studio-republish-outcome').textContent).toBe(
        'Asked for: revision ffeeddcc of Marquee Cinemas will be rendered, every page again. The table shows it once it is published.',
      ),
    );
    expect(calls.filter(({ method }) => method === 'POST').map(({ path, body }) => [path, body])).toEqual([['/sites/demo/republish', {}]]);
    await waitFor(() => expect(publishingCalls(calls).length).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(listedSites()[1]?.slice(0, 2)).toEqual(['Marquee Cinemas', 'Publishing']));
    expect(listedSites()[1]?.[7]).toBe('ffeeddcc');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const calls = stubPublishingApi(() => connected);
    renderStudio('/publishing');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish again: The Single Screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish The Single Screen again?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter(({ method }) => method === 'POST')).toEqual([]);
  });

  it('says why a site was not published again (503), the table kept', async () => {
    stubPublishingApi(() => connected, {
      'POST /sites/demo/republish': studioError(503, 'service_unavailable', 'svc-catalogue is unavailable'),
    });
    renderStudio('/publishing');
    fireEvent.click(await screen.findByRole('button', { name: 'Publish again: Marquee Cinemas' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publish again' }));
    const failure = await screen.findByText(
      "Marquee Cinemas was not published again: the studio's service is unavailable. Try again in a moment.",
    );
    expect(failure.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('studio-republish-outcome').textContent).toBe('');
    expect(listedSites()).toHaveLength(2);
  });

  it("says the studio's service is unavailable (503), and tries again on request", async () => {
    let available = false;
    stubSignedIn(operator, [demo, single], {
      'GET /publishing': () => (available ? { status: 200, body: connected } : studioError(503, 'service_unavailable', 'svc-studio is unavailable')),
    });
    renderStudio('/publishing');
    const problem = await screen.findByRole('heading', { level: 2, name: "The studio's service is unavailable" });
    expect(problem.closest('[role="alert"]')?.textContent).toBe(
      "The studio's service is unavailableIt may be starting or restarting. Try again in a moment.",
    );
    // One heading of the first level, the screen's.
    expect(screen.getAllByRole('heading', { level: 1 }).map((heading) => heading.textContent)).toEqual(['Publishing of the deployment']);
    available = true;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('studio-publishing-sites');
    expect(screen.queryByRole('heading', { name: "The studio's service is unavailable" })).toBeNull();
  });

  it('says when the studio could not be reached at all', async () => {
    stubSignedIn(operator, [demo, single], { 'GET /publishing': noAnswer });
    renderStudio('/publishing');
    expect(await screen.findByRole('heading', { level: 2, name: 'Something went wrong' })).toBeTruthy();
  });

  it('keeps the last answer when asking again fails, and says so', async () => {
    let available = true;
    stubSignedIn(operator, [demo, single], {
      'GET /publishing': () => (available ? { status: 200, body: connected } : studioError(503, 'service_unavailable', 'unavailable')),
    });
    const { queryClient } = renderStudio('/publishing');
    await screen.findByTestId('studio-publishing-sites');
    available = false;
    await queryClient.refetchQueries({ queryKey: ['studio', 'publishing'] });
    expect(
      await screen.findByText(
        "The table could not be brought up to date: the studio's service is unavailable. It shows the last answer until the next try.",
      ),
    ).toBeTruthy();
    expect(listedSites()).toHaveLength(2);
  });
});

describe("the deployment's publishing, for anyone who is not an operator", () => {
  it('says it is the operators’, and asks the server nothing', async () => {
    const calls = stubPublishingApi(() => connected, {}, editor);
    renderStudio('/publishing');
    const refused = await screen.findByTestId('studio-publishing-refused');
    expect(screen.getByRole('heading', { level: 1, name: 'Publishing of the deployment' })).toBeTruthy();
    expect(within(refused).getByText(/^Only operators see how the deployment's sites are published/)).toBeTruthy();
    expect(within(refused).getByRole('link', { name: "Go to the studio's start page" }).getAttribute('href')).toBe('/');
    expect(publishingCalls(calls)).toEqual([]);
    expect(screen.queryByTestId('studio-publishing-sites')).toBeNull();
  });

  it('says so too when the server refuses an operator no longer one (403)', async () => {
    stubSignedIn(operator, [demo, single], { 'GET /publishing': studioError(403, 'permission_denied', 'operators only') });
    renderStudio('/publishing');
    const refused = await screen.findByTestId('studio-publishing-refused');
    expect(within(refused).getByText(/^Only operators see how the deployment's sites are published/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('leads to the sign-in screen without a session', async () => {
    stubSignedIn(operator, [demo], { 'GET /me': studioError(401, 'unauthenticated', 'no session') });
    renderStudio('/publishing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to the studio' })).toBeTruthy();
    expect(screen.getByTestId('studio-address').textContent).toBe('/');
  });
});
