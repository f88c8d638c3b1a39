import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectHydrated, getJson, signInAsDemoMember, type TheaterJson } from './helpers';

// Every kind of published page (docs/publishing.md#published-ahead), as a reader without
// JavaScript and a crawler see it, and as the browser takes it over: hydration keeps the
// server's markup without a warning and asks for none of the page's own data.

type PageKind = { kind: string; path: string };

/** One page of each kind, from the sitemap the gateway publishes. */
async function onePageOfEachKind(request: APIRequestContext): Promise<PageKind[]> {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
  const first = (pattern: RegExp) => paths.find((path) => pattern.test(path));
  const kinds: Array<[string, string | undefined]> = [
    ['home', first(/^\/$/)],
    ['movie list', first(/^\/movies\/$/)],
    ['movie', first(/^\/movies\/[^/]+\/$/)],
    ['theater list', first(/^\/theaters\/$/)],
    ['theater', first(/^\/theaters\/[^/]+\/$/)],
    ['showtimes', first(/^\/showtimes\/$/)],
    ['event list', first(/^\/events\/$/)],
    ['event', first(/^\/events\/[^/]+\/$/)],
    ['content page', paths.find((path) => !/^\/(movies|theaters|showtimes|events)\/|^\/$/.test(path))],
  ];
  for (const [kind, path] of kinds) expect(path, `the sitemap lists a ${kind} page`).toBeDefined();
  return kinds.map(([kind, path]) => ({ kind, path: path ?? '/' }));
}

function pageDataPath(pagePath: string): string {
  const trimmed = pagePath.replace(/^\/+|\/+$/g, '');
  return `/page-data/${trimmed || 'index'}/page-data.json`;
}

/** The page's own data, as the gateway published it. */
async function pageData(request: APIRequestContext, path: string) {
  const response = await request.get(pageDataPath(path));
  expect(response.ok(), `${pageDataPath(path)} answers`).toBe(true);
  return (await response.json()) as { templateName: string; data: Record<string, unknown> };
}

test.describe('published pages', () => {
  test('read whole with JavaScript off: heading, text, links and images', async ({ browser, request }) => {
    const pages = await onePageOfEachKind(request);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    for (const { kind, path } of pages) {
      const response = await page.goto(path);
      expect(response?.status(), `${kind} ${path}`).toBe(200);
      const heading = page.locator('h1');
      await expect(heading, `${kind} ${path} has one h1`).toHaveCount(1);
      await expect(heading).not.toBeEmpty();
      await expect(page.locator('footer a').first(), `${kind}: footer links`).toBeVisible();
      const { data } = await pageData(request, path);
      if (kind === 'movie') {
        const movie = data.movie as { title: string; synopsis: string };
        await expect(heading).toHaveText(movie.title);
        await expect(page.getByText(movie.synopsis)).toBeVisible();
        await expect(page.getByRole('img', { name: new RegExp(movie.title) }).first()).toBeVisible();
        const showtimes = page.getByTestId('showtime-schedule').getByRole('link');
        expect(await showtimes.count(), 'showtimes are links').toBeGreaterThan(0);
        // The ticketing provider's booking page (the e2e gateways use the ticketing sandbox).
        await expect(showtimes.first()).toHaveAttribute('href', /\/sales\/[^/]+\/book\?perfcode=\d+/);
        // Every day it offers reads without JavaScript: the day choice is links to each
        // day's page, which the server answers with that day's showtimes.
        const days = page.getByRole('navigation', { name: 'Choose a day' }).getByRole('link');
        expect(await days.count(), 'the movie plays on several days').toBeGreaterThan(1);
        await expect(days.first()).toHaveAttribute('aria-current', 'date');
        const secondDay = await days.nth(1).getAttribute('href');
        expect(secondDay).toMatch(/\?date=\d{4}-\d{2}-\d{2}$/);
        const firstDayTimes = await showtimes.allTextContents();
        await days.nth(1).click();
        await expect(page).toHaveURL(new RegExp(`${secondDay?.replace('?', '\\?')}$`));
        await expect(days.nth(1)).toHaveAttribute('aria-current', 'date');
        expect(await showtimes.count(), 'the second day has showtimes').toBeGreaterThan(0);
        expect(await showtimes.allTextContents()).not.toEqual(firstDayTimes);
      }
      if (kind === 'theater') {
        const theater = data.theater as { name: string; address?: { line1?: string } };
        await expect(heading).toContainText(theater.name);
        await expect(page.getByTestId('map-link')).toBeVisible();
      }
      if (kind === 'movie list') {
        expect(await page.getByTestId('movie-card').count()).toBeGreaterThan(0);
      }
    }
    // The site's error pages answer with their content too.
    for (const [path, status] of [['/no-such-page/', 404], ['/404.html', 404], ['/500.html', 500]] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(status);
      await expect(page.locator('h1'), path).toHaveCount(1);
      await expect(page.locator('h1'), path).not.toBeEmpty();
    }
    await context.close();
  });

  test('hydrate without a warning and without asking for their own data', async ({ page, request }) => {
    const pages = await onePageOfEachKind(request);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`${message.type()}: ${message.text()}`);
      }
    });
    const fetched: string[] = [];
    page.on('request', (sent) => {
      const { pathname } = new URL(sent.url());
      if (pathname.startsWith('/page-data/')) fetched.push(pathname);
    });
    for (const { kind, path } of pages) {
      problems.length = 0;
      fetched.length = 0;
      await page.goto(path);
      await expectHydrated(page);
      await page.waitForLoadState('networkidle');
      const hydration = problems.filter((text) => /hydrat|#418|#419|#422|#423|#425|did not match|recoverable/i.test(text));
      expect(hydration, `${kind} ${path}: hydration warnings`).toEqual([]);
      expect(problems.filter((text) => text.startsWith('uncaught')), `${kind} ${path}: uncaught errors`).toEqual([]);
      expect(fetched, `${kind} ${path} asked for its own data`).not.toContain(pageDataPath(path));
      expect(fetched, `${kind} ${path}: the app data is inline`).not.toContain('/page-data/app-data.json');
    }
  });

  test('hide a showtime that started since they were published, once hydrated', async ({ page, request }) => {
    const { path } = (await onePageOfEachKind(request)).find(({ kind }) => kind === 'movie') ?? { path: '/' };
    const { data } = await pageData(request, path);
    const showtimes = data.showtimes as Array<{ perfCode: string; startsAt: string; date: string }>;
    const [first, later] = showtimes;
    if (!first || !later) throw new Error('the movie has two showtimes at least');
    // The visitor's clock: the first showtime started 11 minutes ago (the grace is 10).
    const now = Date.parse(first.startsAt) + 11 * 60_000;
    await page.clock.install({ time: new Date(now) });
    await page.goto(path);
    await expectHydrated(page);
    const schedule = page.getByTestId('showtime-schedule');
    await expect(schedule.locator(`a[href$="perfcode=${first.perfCode}"]`)).toHaveCount(0);
    const stillOffered = showtimes.find(({ startsAt, date }) => date === first.date && Date.parse(startsAt) > now);
    if (stillOffered) await expect(schedule.locator(`a[href$="perfcode=${stillOffered.perfCode}"]`).first()).toBeAttached();
  });

  test('keep their server markup: the heading node is the one the server sent', async ({ page, request }) => {
    const [, , movie] = await onePageOfEachKind(request);
    // The h1 is marked as the parser inserts it, before the app's code runs: a client
    // render would replace the node and drop the mark.
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        const heading = document.querySelector('h1');
        if (!heading) return;
        heading.setAttribute('data-server-node', '');
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(movie?.path ?? '/');
    await expectHydrated(page);
    await expect(page.locator('h1[data-server-node]')).toHaveCount(1);
  });

  test('adjust to the chosen theater and the signed-in member after hydration without moving', async ({ context, page, request, baseURL }) => {
    const theaters = await getJson<TheaterJson[]>(request, '/api/v1/theaters');
    const chosen = theaters[1] ?? theaters[0];
    expect(chosen, 'the demo has theaters').toBeDefined();
    await signInAsDemoMember(page);
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
    await context.addCookies([{ name: 'selectedTheaterId', value: chosen?.id ?? '', url: baseURL ?? '' }]);
    await context.addInitScript(() => {
      const shifts: Array<{ value: number; hadRecentInput: boolean }> = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push(entry as unknown as (typeof shifts)[number]);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const [, , movie] = await onePageOfEachKind(request);
    for (const path of ['/', movie?.path ?? '/']) {
      await page.goto(path);
      await expectHydrated(page);
      // The server rendered the chain-wide page; the browser applies the visitor's choice.
      await expect(page.getByTestId('theater-picker').first(), path).toHaveValue(chosen?.id ?? '');
      await page.waitForLoadState('networkidle');
      const shift = await page.evaluate(() =>
        (window as unknown as { layoutShifts: Array<{ value: number; hadRecentInput: boolean }> }).layoutShifts
          .filter((entry) => !entry.hadRecentInput)
          .reduce((total, entry) => total + entry.value, 0),
      );
      expect(shift, `${path}: cumulative layout shift`).toBeLessThanOrEqual(0.02);
    }
  });
});
