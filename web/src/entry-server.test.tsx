// A published page end to end: the server entry renders it from its page data and the app
// data (in a thread of its own, with no `window`, as in the renderer), the markup goes
// into a document with the JSON the gateway writes beside it, and the browser's start-up
// path hydrates it. A React hydration warning, a server node replaced by a
// client-rendered one, or a request for the page's own data fails the test.
import { act } from 'react';
import type { Root } from 'react-dom/client';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startApp } from '@/app/start-app';
import { CONSENT_STORAGE_KEY, choiceFromAction } from '@/features/consent/utils/consent-choice';
import { formatShowDate } from '@/features/showtimes/utils/format-showtime';
import { COLOUR_MODE_STORAGE_KEY } from '@/state/colour-mode';
import { createQueryClient } from '@/lib/query-client';
import { SELECTED_THEATER_COOKIE } from '@/state/selected-theater';
import { appData, blocksPage, movies, publishedAt, publishedPages, signInPage } from '@/testing/published-site';
import type { PageData, TemplateName } from '@/types/api';
import { startServerRenderer, type ServerRenderer } from '@/testing/server-render.mjs';
import { pageSources } from './entry-server';

let server: ServerRenderer;
beforeAll(async () => {
  server = await startServerRenderer();
}, 60_000);
afterAll(() => server.close());

const origin = window.location.origin;

function serverMarkup(page: PageData): Promise<string> {
  return server.renderPage({ path: page.path, appData, pageData: page, origin });
}

/** What the gateway writes into a JSON script element: `<` escaped. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The published document's body: the markup in `#root`, then the JSON. */
function publish(page: PageData, markup: string, address = page.path): void {
  window.history.replaceState(null, '', address);
  document.body.innerHTML =
    `<div id="root">${markup}</div>` +
    `<script type="application/json" id="app-data">${scriptJson(appData)}</script>` +
    `<script type="application/json" id="page-data">${scriptJson(page)}</script>` +
    `<div id="modal-root"></div>`;
}

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

let errors: string[];
let requests: string[];
let root: Root | undefined;

/** Runs the browser's start-up path on the document, as main.tsx does. */
async function start(): Promise<{ hydrated: boolean }> {
  let started: { root: Root; hydrated: boolean } | undefined;
  await act(async () => {
    started = await startApp(document, { queryClient: createQueryClient(), embedContext: undefined });
  });
  root = started?.root;
  // The parts whose code loads lazily hydrate as it arrives; the switch to what only the
  // browser knows follows hydration.
  await wait(50);
  return { hydrated: started?.hydrated ?? false };
}

/** Requests for the app data or a page's data, which a published page brings along. */
const ownDataRequests = () => requests.filter((request) => request.includes('/page-data/'));

/** The browser's clock at `instant`, its timers left to run. */
const clockAt = (instant: Date | string) => vi.useFakeTimers({ now: new Date(instant), toFake: ['Date'] });

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  clockAt(publishedAt);
  errors = [];
  requests = [];
  const record = (...args: unknown[]) => {
    const message = args.map(String).join(' ');
    // React's reminders to wrap late updates in act() are about the test, not the page.
    if (!/not wrapped in act|inside a test/.test(message)) errors.push(message);
  };
  vi.spyOn(console, 'error').mockImplementation(record);
  window.addEventListener('error', onWindowError);
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      requests.push(input);
      // Nothing answers: what the page shows once hydrated is not this test's subject.
      return new Promise<Response>(() => undefined);
    }),
  );
});

function onWindowError(event: ErrorEvent) {
  errors.push(String(event.error ?? event.message));
}

afterEach(async () => {
  await act(() => {
    root?.unmount();
    return Promise.resolve();
  });
  root = undefined;
  window.removeEventListener('error', onWindowError);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  document.cookie = `${SELECTED_THEATER_COOKIE}=; path=/; max-age=0`;
  localStorage.clear();
  delete document.documentElement.dataset.colorMode;
});

/** What each template's published HTML says, readable with scripts off. */
const CONTENT: Record<TemplateName, RegExp[]> = {
  home: [/<h1[^>]*>The Long Night<\/h1>/, /lighthouse keeper waits out/, /Opening Night: Neon Requiem/, /Neon Requiem/],
  movieList: [/<h1[^>]*>Movies<\/h1>/, /href="\/movies\/1001-the-long-night\/"/, /href="\/movies\/1009-neon-requiem\/"/],
  movie: [
    /<h1[^>]*>The Long Night<\/h1>/,
    /A lighthouse keeper waits out the longest night of the year\./,
    /PG-13/,
    /href="https:\/\/tickets\.marqueecinemas\.example\/sales\/MQRF\/book\?perfcode=1"/,
    /href="https:\/\/tickets\.marqueecinemas\.example\/sales\/MQES\/book\?perfcode=2"/,
    /Marquee Riverfront 14/,
  ],
  theaterList: [/<h1[^>]*>Theaters<\/h1>/, /Marquee Riverfront 14/, /Marquee Eastside 12/],
  theater: [
    /<h1[^>]*>Marquee Riverfront 14<\/h1>/,
    /200 Water Street/,
    /Providence, RI 02903/,
    /href="\/movies\/1001-the-long-night\/"/,
    /href="https:\/\/tickets\.marqueecinemas\.example\/sales\/MQRF\/book\?perfcode=1"/,
  ],
  showtimes: [/<h1[^>]*>Showtimes<\/h1>/, /The Long Night/, /sales\/MQRF\/book\?perfcode=1/, /sales\/MQES\/book\?perfcode=2/],
  eventList: [/<h1[^>]*>Events<\/h1>/, /Opening Night: Neon Requiem/],
  event: [/<h1[^>]*>Opening Night: Neon Requiem<\/h1>/, /a poster for every guest/],
  page: [/<h1[^>]*>About Marquee Cinemas<\/h1>/, /Movies the way they should be/, /Two theaters in Providence since 1968\./],
  notFound: [/<h1[^>]*>Page not found<\/h1>/, /data-testid="not-found"/],
  serverError: [/<h1[^>]*>Something went wrong<\/h1>/, /data-testid="server-error"/],
};

describe.each(Object.entries(publishedPages) as Array<[TemplateName, PageData]>)('the %s template', (template, page) => {
  it('renders its content on the server, whole, with the frame around it', async () => {
    const markup = await serverMarkup(page);
    for (const pattern of CONTENT[template]) expect(markup).toMatch(pattern);
    // The frame, lazily loaded parts included: header, footer, the member entry.
    expect(markup).toContain('data-testid="site-name"');
    expect(markup).toMatch(/<footer/);
    expect(markup).toContain('Sign in');
    // The theme, both colour modes, styles the page before any script runs: from the
    // page's head (a style sheet in the body is not valid HTML).
    expect(markup).not.toContain('<style');
    const { themeStyle } = pageSources(page, appData);
    expect(themeStyle).toMatch(/^:root\{[^<]*--color-primary:#1e3a8a;[^<]*--font-body:"Lato", /);
    expect(themeStyle).toContain(':root[data-color-mode="dark"]{');
    // Nothing left for a later script to fill in: no Suspense fallback, no React-only markup.
    expect(markup).not.toMatch(/<!--\$[?!]-->|<template|\$RC\(/);
    expect(markup).not.toMatch(/<title|application\/ld\+json|aria-busy="true"/);
  });

  it('hydrates without a warning, keeping the server nodes and asking for none of its data', async () => {
    const markup = await serverMarkup(page);
    publish(page, markup);
    const heading = document.querySelector('h1');
    const serverElements = [...document.querySelectorAll('#root *')];
    const { hydrated } = await start();
    expect(hydrated).toBe(true);
    expect(errors).toEqual([]);
    expect(ownDataRequests()).toEqual([]);
    // The nodes are the server's: React hydrated them rather than rendering anew.
    expect(document.querySelector('h1')).toBe(heading);
    const replaced = serverElements.filter((element) => !element.isConnected);
    expect(replaced.map((element) => element.outerHTML.slice(0, 80))).toEqual([]);
  });
});

describe('a published page, once hydrated', () => {
  it("shows what plays at the visitor's theater, keeping the chain-wide hero until it has arrived", async () => {
    const page = publishedPages.home;
    const markup = await serverMarkup(page);
    document.cookie = `${SELECTED_THEATER_COOKIE}=102; path=/`;
    let answer: (movies: unknown) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        requests.push(input);
        if (input.startsWith('/api/v1/movies?theaterId=102')) {
          return new Promise<Response>((resolve) => {
            answer = (body) => resolve(Response.json(body));
          });
        }
        return new Promise<Response>(() => undefined);
      }),
    );
    publish(page, markup);
    await start();
    expect(errors).toEqual([]);
    expect(requests).toContain('/api/v1/movies?theaterId=102');
    expect(document.querySelector('h1')?.textContent).toBe('The Long Night');
    await act(() => {
      answer([movies[1]]);
      return Promise.resolve();
    });
    await wait(10);
    // Neon Requiem plays there, coming next week only: no hero, the chosen theater named.
    expect(document.querySelector('[data-testid="hero"]')).toBeNull();
    expect(document.querySelector('[data-testid="theater-picker"]')).toHaveProperty('value', '102');
    expect(ownDataRequests()).toEqual([]);
  });

  it("lists the chosen theater's showtimes of a movie from the page's own data", async () => {
    const page = publishedPages.movie;
    const markup = await serverMarkup(page);
    document.cookie = `${SELECTED_THEATER_COOKIE}=102; path=/`;
    publish(page, markup);
    await start();
    expect(errors).toEqual([]);
    expect(document.getElementById('showtimes')?.textContent).toBe('Showtimes at Marquee Eastside 12');
    const bookings = [...document.querySelectorAll('a[href*="/book?perfcode="]')].map((link) => link.getAttribute('href'));
    expect(bookings).toEqual(['https://tickets.marqueecinemas.example/sales/MQES/book?perfcode=2']);
    expect(requests.filter((request) => request.includes('/api/v1/showtimes'))).toEqual([]);
  });

  it("shows the day its address names, as the server rendered that day's page, the day's link marked", async () => {
    const page = publishedPages.movie;
    const address = `${page.path}?date=2026-11-26`;
    const markup = await server.renderPage({ path: address, appData, pageData: page, origin });
    publish(page, markup, address);
    const days = () =>
      [...document.querySelectorAll('nav[aria-label="Choose a day"] a')].map((link) => [
        link.getAttribute('href'),
        link.getAttribute('aria-current'),
      ]);
    const bookings = () => [...document.querySelectorAll('a[href*="/book?perfcode="]')].map((link) => link.getAttribute('href'));
    const published = { days: days(), bookings: bookings() };
    expect(published).toEqual({
      days: [
        ['/movies/1001-the-long-night/', null],
        ['/movies/1001-the-long-night/?date=2026-11-26', 'date'],
      ],
      bookings: ['https://tickets.marqueecinemas.example/sales/MQRF/book?perfcode=3'],
    });
    const serverElements = [...document.querySelectorAll('#root *')];
    const { hydrated } = await start();
    expect(hydrated).toBe(true);
    expect(errors).toEqual([]);
    expect(serverElements.filter((element) => !element.isConnected)).toEqual([]);
    expect({ days: days(), bookings: bookings() }).toEqual(published);
  });

  it.each([
    ['2026-11-25T19:40:00-05:00', ['2026-11-25', '2026-11-26'], ['perfcode=2']],
    // Every showtime of the first day gone: the day leaves the choice.
    ['2026-11-25T21:10:00-05:00', ['2026-11-26'], ['perfcode=3']],
  ])('hides, at %s, the showtimes started more than the grace ago, hydrating first as published', async (now, days, bookings) => {
    const page = publishedPages.movie;
    const markup = await serverMarkup(page);
    publish(page, markup);
    clockAt(now);
    await start();
    expect(errors).toEqual([]);
    const dayLinks = [...document.querySelectorAll('nav[aria-label="Choose a day"] a')];
    expect(dayLinks.map((link) => link.textContent)).toEqual(days.map((day) => formatShowDate(day, 'en-US')));
    const booked = [...document.querySelectorAll('a[href*="/book?perfcode="]')].map((link) => link.getAttribute('href')?.split('?')[1]);
    expect(booked).toEqual(bookings);
  });

  it("of a large chain names the theaters showing, hydrates once the shared app data is in, and fetches the chosen theater's showtimes", async () => {
    const content = { ...publishedPages.movie.data };
    delete content.showtimes;
    const page: PageData = { ...publishedPages.movie, data: { ...content, theaterIds: ['102', '101'] } };
    const markup = await serverMarkup(page);
    expect(markup).toMatch(/href="\/theaters\/102-[^"]*"[^>]*>Marquee Eastside 12<\/a>.*href="\/theaters\/101-/s);
    expect(markup).not.toContain('/book?perfcode=');
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        requests.push(input);
        if (input === '/page-data/app-data.json') return Promise.resolve(Response.json(appData));
        return new Promise<Response>(() => undefined);
      }),
    );
    // The page preloads the app data rather than carrying it.
    window.history.replaceState(null, '', page.path);
    document.body.innerHTML =
      `<div id="root">${markup}</div>` + `<script type="application/json" id="page-data">${scriptJson(page)}</script>`;
    const heading = document.querySelector('h1');
    document.cookie = `${SELECTED_THEATER_COOKIE}=102; path=/`;
    const { hydrated } = await start();
    expect(hydrated).toBe(true);
    expect(errors).toEqual([]);
    expect(document.querySelector('h1')).toBe(heading);
    expect(ownDataRequests()).toEqual(['/page-data/app-data.json']);
    expect(requests.some((request) => /\/api\/v1\/showtimes\?theaterId=102&movieId=/.test(request))).toBe(true);
  });

  it('takes the stored dark mode without a hydration warning', async () => {
    const page = publishedPages.theaterList;
    const markup = await serverMarkup(page);
    localStorage.setItem(COLOUR_MODE_STORAGE_KEY, 'dark');
    // What index.html's inline script does before the first paint.
    document.documentElement.dataset.colorMode = 'dark';
    publish(page, markup);
    await start();
    expect(errors).toEqual([]);
    expect(document.documentElement.dataset.colorMode).toBe('dark');
  });

  it("opens the consent banner in the markup, which a returning visitor's stored choice closes", async () => {
    const page = publishedPages.event;
    const markup = await serverMarkup(page);
    expect(markup).toContain('data-testid="consent-banner"');
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choiceFromAction('rejectAll', 'gdpr')));
    publish(page, markup);
    await start();
    expect(errors).toEqual([]);
    expect(document.querySelector('[data-testid="consent-banner"]')).toBeNull();
  });

  it('keeps the consent banner open for a first visit', async () => {
    const page = publishedPages.event;
    publish(page, await serverMarkup(page));
    const banner = document.querySelector('[data-testid="consent-banner"]');
    await start();
    expect(errors).toEqual([]);
    expect(document.querySelector('[data-testid="consent-banner"]')).toBe(banner);
  });

  it('applies the filters of the address after hydrating the unfiltered list', async () => {
    const page = publishedPages.movieList;
    const markup = await serverMarkup(page);
    publish(page, markup, '/movies/?playWeek=NEXT_PLAYWEEK_1');
    await start();
    expect(errors).toEqual([]);
    expect(requests).toContain('/api/v1/movies?playWeek=NEXT_PLAYWEEK_1');
    expect(ownDataRequests()).toEqual([]);
  });

  it('renders the sign-in form of the login page on the server and hydrates it', async () => {
    const markup = await serverMarkup(signInPage);
    expect(markup).toMatch(/<form/);
    publish(signInPage, markup);
    const { hydrated } = await start();
    expect(hydrated).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('a content page written as blocks', () => {
  it('renders each block on the server, its links by their rules, and hydrates keeping its nodes', async () => {
    const markup = await serverMarkup(blocksPage);
    expect(markup).toMatch(/<h1[^>]*>Visit us<\/h1>/);
    expect(markup).toMatch(/<h2[^>]*>Getting here<\/h2>/);
    expect(markup).toMatch(/<h3[^>]*>At the theater<\/h3>/);
    expect(markup).toMatch(/<ul[^>]*><li>Reserved seats<\/li><li><em>Free refills<\/em><\/li><\/ul>/);
    expect(markup).toMatch(/<strong>Water Street garage<\/strong>/);
    // A path on the site and another site, each by the site's link rules (another site in a new window).
    expect(markup).toMatch(/<a[^>]*href="\/theaters\/"[^>]*>our other theater<\/a>/);
    expect(markup).toMatch(/<a href="https:\/\/www\.facebook\.com\/marquee" target="_blank" rel="noreferrer"[^>]*>Follow us/);
    expect(markup).toMatch(/<a class="button"[^>]*href="\/showtimes\/"[^>]*>See showtimes<\/a>/);
    expect(markup).toMatch(/<img[^>]*alt="The lobby on opening night"[^>]*loading="lazy"/);
    expect(markup).toMatch(/<figure[^>]*><blockquote[^>]*><p>The best seats in town\.<\/p><\/blockquote><figcaption[^>]*>The Providence Journal<\/figcaption><\/figure>/);
    expect(markup).toMatch(/<hr[^>]*\/?>/);
    // A link the page may not hold is its text alone.
    expect(markup).toContain('Win a prize');
    expect(markup).not.toContain('javascript:');

    publish(blocksPage, markup);
    const serverElements = [...document.querySelectorAll('#root *')];
    const { hydrated } = await start();
    expect(hydrated).toBe(true);
    expect(errors).toEqual([]);
    expect(ownDataRequests()).toEqual([]);
    const replaced = serverElements.filter((element) => !element.isConnected);
    expect(replaced.map((element) => element.outerHTML.slice(0, 80))).toEqual([]);
  });
});

describe("the site's 404 page at an unknown address", () => {
  it('is rendered afresh as that address, with no request for its data', async () => {
    const page = publishedPages.notFound;
    const markup = await serverMarkup(page);
    publish(page, markup, '/movies/999999-nothing-here/');
    const { hydrated } = await start();
    expect(hydrated).toBe(false);
    expect(errors).toEqual([]);
    expect(document.querySelector('[data-testid="not-found"]')).not.toBeNull();
    expect(ownDataRequests()).toEqual([]);
  });
});

describe('pageSources', () => {
  it("names each template's route, the first screen's lazy parts, and what only needs styles", () => {
    const { scripts, styles } = pageSources(publishedPages.movie, appData);
    expect(scripts).toEqual([
      'src/app/routes/movie.tsx',
      'src/app/site-theme.tsx',
      'src/app/layout/third-party-layer.tsx',
    ]);
    expect(styles).toEqual(expect.arrayContaining([...scripts, 'src/app/layout/site-footer.tsx']));
    expect(styles).toContain('src/features/loyalty/components/watchlist-button.tsx');
    expect(pageSources(signInPage, appData).styles).toContain('src/features/loyalty/components/login-screen.tsx');
    // The renderer takes the gateway's JSON as it comes: a template it does not know is refused.
    const unknown = { ...publishedPages.home, templateName: 'nope' } as unknown as PageData;
    expect(() => pageSources(unknown, appData)).toThrow(/templateName 'nope'/);
  });

  it("names the site's font style sheets, and those of the faces its text is first set in", () => {
    const fonts = { body: 'Lato', heading: 'Muli', fontWeights: { body: { weights: ['400', '700'] } } };
    const site = { ...appData.site, config: { ...appData.site.config, theme: { fonts }, googleFonts: ['Oswald:500'] } };
    const sources = pageSources(publishedPages.home, { ...appData, site });
    expect(sources.fonts).toEqual([
      'node_modules/@fontsource/lato/400.css',
      'node_modules/@fontsource/lato/700.css',
      'node_modules/@fontsource/mulish/400.css',
      'node_modules/@fontsource/oswald/500.css',
    ]);
  });
});
