// The server side of a published page (docs/publishing.md#rendering): the same providers and
// routes as the browser's (src/main.tsx), under a static router, rendered from the page's
// data to the markup of `#root` once every lazily loaded part of it is in.
// `web/renderer/server.mjs` serves it to the gateway; the browser hydrates it.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { seedAppData, seedPageData } from './app/published-page';
import { AppRoutes, preloadPage } from './app/router';
import { siteFontSheets } from './features/site/utils/font-files';
import { themeStyleSheet } from './features/site/utils/theme-tokens';
import { setServerOrigin } from './lib/hydration';
import { createQueryClient } from './lib/query-client';
import type { AppData, PageData, TemplateName } from './types/api';

/** The source of each template's route, as the build's manifest names it. */
export const ROUTE_SOURCES: Readonly<Record<TemplateName, string>> = {
  home: 'src/app/routes/home.tsx',
  movieList: 'src/app/routes/movie-list.tsx',
  movie: 'src/app/routes/movie.tsx',
  theaterList: 'src/app/routes/theaters.tsx',
  theater: 'src/app/routes/theater.tsx',
  showtimes: 'src/app/routes/showtimes.tsx',
  eventList: 'src/app/routes/events.tsx',
  event: 'src/app/routes/event.tsx',
  page: 'src/app/routes/content-page.tsx',
  notFound: 'src/app/routes/not-found.tsx',
  serverError: 'src/app/routes/server-error.tsx',
};

// The lazily loaded parts of every page the browser hydrates with its first screen: the
// theme and the consent layer (a first visit's banner). Their code loads with the page's.
const FIRST_SCREEN_SOURCES = ['src/app/site-theme.tsx', 'src/app/layout/third-party-layer.tsx'];
// Parts the server renders that the browser loads after the first screen (footer, member
// menu): their style sheets come with the page, their code later.
const LATER_SOURCES = ['src/app/layout/site-footer.tsx', 'src/features/loyalty/components/member-access.tsx'];

function isTemplateName(name: string): name is TemplateName {
  return Object.hasOwn(ROUTE_SOURCES, name);
}

/** The renderer takes the gateway's JSON as it comes: a template it does not know is refused. */
function knownTemplate(name: string): TemplateName {
  if (!isTemplateName(name)) throw new Error(`unknown templateName '${name}'`);
  return name;
}

/** What a page needs from the browser build, each named by its manifest key. */
export type PageSources = {
  /** Sources whose code the page loads with its first screen. */
  scripts: string[];
  /** Sources whose style sheets it needs before any script runs: the server's markup is styled as it arrives. */
  styles: string[];
  /** The site's font style sheets (build/font-sheets.ts): their fallback faces in the page's head, the sheets loaded once it has painted. */
  fonts: string[];
  /** The site's theme in both colour modes, a style sheet for the page's head: the markup is themed before any script runs. */
  themeStyle: string;
};

const fontKey = (sheet: string) => `node_modules/${sheet}`;

export function pageSources(pageData: PageData, appData: AppData): PageSources {
  const scripts = [ROUTE_SOURCES[knownTemplate(pageData.templateName)], ...FIRST_SCREEN_SOURCES];
  const later = [...LATER_SOURCES];
  if (pageData.templateName === 'movie') later.push('src/features/loyalty/components/watchlist-button.tsx');
  const loginSlug = appData.site.settings?.loginPage?.slug;
  if (pageData.templateName === 'page' && loginSlug && pageData.data.page?.slug === loginSlug) {
    later.push('src/features/loyalty/components/login-screen.tsx');
  }
  const config = appData.site.config;
  return {
    scripts,
    styles: [...scripts, ...later],
    fonts: siteFontSheets(config?.theme?.fonts, config?.googleFonts).map(fontKey),
    themeStyle: themeStyleSheet(config),
  };
}

export type RenderRequest = {
  /** The page's path, as published (`/movies/1001-the-long-night/`), with `?date=` for a day's page. */
  path: string;
  appData: AppData;
  pageData: PageData;
  /** The site's public origin (links to it are the site's own); `http://localhost` when not given. */
  origin?: string;
};

/**
 * The markup of `#root` for one published page: the chain-wide view, as the browser's
 * first render will be (no theater chosen, no member, no consent choice, light mode, no
 * query string but a showtimes day's), every lazy part rendered.
 */
export async function renderPage({ path, appData, pageData, origin = 'http://localhost' }: RenderRequest): Promise<string> {
  knownTemplate(pageData.templateName);
  setServerOrigin(origin);
  const queryClient = createQueryClient();
  seedAppData(queryClient, appData);
  seedPageData(queryClient, pageData, path);
  await preloadPage(path.split(/[?#]/)[0] ?? path);
  let failure: unknown;
  const { prelude } = await prerender(
    <StrictMode>
      <AppProvider queryClient={queryClient} embedContext={undefined}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProvider>
    </StrictMode>,
    {
      // Every part inline, in place: React would otherwise move large parts to the end
      // of the document, shown by an inline script (no JavaScript, no content).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        failure ??= error;
      },
    },
  );
  const html = await new Response(prelude).text();
  queryClient.clear();
  // A part that threw renders its client-side fallback (the browser would retry it):
  // not something to publish.
  if (failure !== undefined) {
    throw failure instanceof Error ? failure : new Error(typeof failure === 'string' ? failure : JSON.stringify(failure));
  }
  return html;
}
