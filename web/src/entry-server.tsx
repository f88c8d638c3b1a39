// The server side of a published page (docs/publishing.md#rendering): the same providers and
// routes as the browser's (src/main.tsx), under a static router, rendered from the page's
// data to the markup of `#root` once every lazily loaded part of it is in.
// `web/renderer/server.mjs` serves it to the gateway; the browser hydrates it.
import { StrictMode } from 'react';
import { renderToStringAsync } from 'preact-render-to-string';
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

// The lazily loaded parts of every page the server renders: the theme, the consent layer
// (a first visit's banner), the footer and the member menu. The browser hydrates them in
// one pass (router.tsx, preloadPage): their code loads with the page's.
const FRAME_SOURCES = [
  'src/app/site-theme.tsx',
  'src/app/layout/third-party-layer.tsx',
  'src/app/layout/site-footer.tsx',
  'src/features/loyalty/components/member-entry.tsx',
  'src/features/loyalty/components/member-access.tsx',
];

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
  /** Sources whose code the page loads before it hydrates, and whose style sheets it needs before any script runs: the server's markup is styled as it arrives. */
  scripts: string[];
  /** The site's font style sheets (build/font-sheets.ts): their fallback faces in the page's head, the sheets loaded once it has painted. */
  fonts: string[];
  /** The site's theme in both colour modes, a style sheet for the page's head: the markup is themed before any script runs. */
  themeStyle: string;
};

const fontKey = (sheet: string) => `node_modules/${sheet}`;

export function pageSources(pageData: PageData, appData: AppData): PageSources {
  const scripts = [ROUTE_SOURCES[knownTemplate(pageData.templateName)], ...FRAME_SOURCES];
  // A page module's own parts (its `preloadParts`).
  if (pageData.templateName === 'movie') scripts.push('src/features/loyalty/components/watchlist-button.tsx');
  if (pageData.templateName === 'page') scripts.push('src/features/loyalty/components/login-screen.tsx');
  const config = appData.site.config;
  return {
    scripts,
    fonts: siteFontSheets(config?.theme?.fonts, config?.googleFonts).map(fontKey),
    themeStyle: themeStyleSheet(config),
  };
}

export type RenderRequest = {
  /** The page's path, as published (`/movies/1001-the-long-night/`). */
  path: string;
  appData: AppData;
  pageData: PageData;
  /** The site's public origin (links to it are the site's own); `http://localhost` when not given. */
  origin?: string;
};

/**
 * The markup of `#root` for one published page: the chain-wide view, as the browser's
 * first render will be (no theater chosen, no member, no consent choice, light mode, no
 * query string), every lazy part rendered.
 */
export async function renderPage({ path, appData, pageData, origin = 'http://localhost' }: RenderRequest): Promise<string> {
  knownTemplate(pageData.templateName);
  setServerOrigin(origin);
  const queryClient = createQueryClient();
  seedAppData(queryClient, appData);
  seedPageData(queryClient, pageData, path);
  await preloadPage(path);
  // Every lazy part is awaited and rendered in place; one that throws fails the page,
  // whose client-side fallback (the browser would retry the part) is not to be published.
  try {
    return await renderToStringAsync(
      <StrictMode>
        <AppProvider queryClient={queryClient} embedContext={undefined}>
          <StaticRouter location={path}>
            <AppRoutes />
          </StaticRouter>
        </AppProvider>
      </StrictMode>,
    );
  } finally {
    queryClient.clear();
  }
}
