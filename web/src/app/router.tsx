import type { ComponentType, ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { PREVIEW_PATH_PREFIX, withoutPreviewPrefix } from '@/rules/link-rules';
import { lazyComponent } from '@/lib/lazy-component';
import { loadWithRetry } from '@/lib/page-load';
import { noteResourceFailure } from '@/lib/resource-failures';
import { BrowserRouter, matchPath, Route, Routes, type Params } from 'react-router';
import { paths } from '@/config/paths';
import { appDataQueryOptions } from '@/api/get-app-data';
import { pageDataQueryOptions } from '@/features/site/api/get-page-data';
import { preloadFrame, preloadWholeFrame, RootLayout } from './layout/root-layout';
import { preloadTheme } from './provider';

// Every page is its own chunk, so the first page loads only its own code (the shell
// alone is near the 100 KB budget). A chunk that fails to load is tried again
// (docs/pages-and-links.md#page-loading-and-errors) and noted for the service worker's reload rule.
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  const { Component: Page, preload } = lazyComponent(() =>
    loadWithRetry(load, { onRetry: noteResourceFailure }).then(pick),
  );
  return { element: <Page />, preload };
}

const HomePage = page(() => import('./routes/home'), (module) => module.HomeRoute);
const MovieListPage = page(() => import('./routes/movie-list'), (module) => module.MovieListRoute);
const MoviePage = page(() => import('./routes/movie'), (module) => module.MovieRoute);
const TheaterListPage = page(() => import('./routes/theaters'), (module) => module.TheaterListRoute);
const TheaterPage = page(() => import('./routes/theater'), (module) => module.TheaterRoute);
const ShowtimesPage = page(() => import('./routes/showtimes'), (module) => module.ShowtimesRoute);
const EventListPage = page(() => import('./routes/events'), (module) => module.EventListRoute);
const EventPage = page(() => import('./routes/event'), (module) => module.EventRoute);
const ServerErrorPage = page(() => import('./routes/server-error'), (module) => module.ServerErrorRoute);
const SearchPage = page(() => import('./routes/search'), (module) => module.SearchRoute);
const ContentPage = page(() => import('./routes/content-page'), (module) => module.ContentPageRoute);
const AccountPage = page(() => import('./routes/account'), (module) => module.AccountRoute);
const NotFoundPage = page(() => import('./routes/not-found'), (module) => module.NotFoundRoute);
const PageRedirect = page(() => import('./routes/page-redirect'), (module) => module.PageRedirectRoute);

// First match wins: specific patterns before the catch-alls.
type PageRoute = {
  pattern: string;
  element: ReactNode;
  preload: () => Promise<void>;
  /** Whether the gateway publishes the page, with its page data (the member area: no). */
  published?: boolean;
  /** Fetches what the page's first screen shows beyond its page data (the visitor's theater's). */
  prefetch?: (queryClient: QueryClient, params: Params) => Promise<void>;
};

const ROUTES: ReadonlyArray<PageRoute> = [
  {
    pattern: paths.home.pattern,
    ...HomePage,
    published: true,
    prefetch: async (queryClient) => (await import('./routes/home')).prefetchHomeFirstScreen(queryClient),
  },
  { pattern: paths.movies.pattern, ...MovieListPage, published: true },
  { pattern: paths.movie.pattern, ...MoviePage, published: true },
  // The gateway redirects these to the movie's page (gateway/src/web.rs).
  { pattern: paths.moviesCatchAll.pattern, ...PageRedirect },
  { pattern: paths.moviePermalink.pattern, ...PageRedirect },
  { pattern: paths.theaters.pattern, ...TheaterListPage, published: true },
  { pattern: paths.theater.pattern, ...TheaterPage, published: true },
  { pattern: paths.showtimes.pattern, ...ShowtimesPage, published: true },
  { pattern: paths.events.pattern, ...EventListPage, published: true },
  { pattern: paths.event.pattern, ...EventPage, published: true },
  { pattern: paths.account.pattern, ...AccountPage },
  { pattern: paths.search.pattern, ...SearchPage },
  { pattern: paths.notFound.pattern, ...NotFoundPage },
  { pattern: paths.serverError.pattern, ...ServerErrorPage },
  { pattern: paths.contentPage.pattern, ...ContentPage, published: true },
  { pattern: paths.anything.pattern, ...NotFoundPage },
];

/** The route that shows `pathname`, and the values of its pattern's parameters. */
function matchRoute(pathname: string): { route: PageRoute; params: Params } | undefined {
  for (const route of ROUTES) {
    const match = matchPath(route.pattern, pathname);
    if (match) return { route, params: match.params };
  }
  return undefined;
}

// How long the first render waits for the first screen's data at most: a slower answer
// shows the page's own loading state rather than a blank screen.
const FIRST_SCREEN_DATA_WAIT_MS = 2000;

/**
 * Loads the first screen's code, the page's and the frame's, and its data into
 * `queryClient`: the app data, the page's data and what the page's first screen shows
 * beyond it. For a page the browser renders alone (the member area, a preview): resolves
 * once they are in (the data waited for FIRST_SCREEN_DATA_WAIT_MS at most), so the first
 * render shows the page whole, in one paint, with no query answer arriving after it to
 * render it again. Never rejects: a failed load is forgotten, and rendering tries again
 * and shows the error.
 */
export function preloadFirstScreen(queryClient: QueryClient): Promise<void> {
  const pathname = withoutPreviewPrefix(window.location.pathname);
  const { route, params } = matchRoute(pathname) ?? {};
  const data = Promise.allSettled([
    queryClient.query(appDataQueryOptions()),
    route?.published ? queryClient.query(pageDataQueryOptions(pathname)) : undefined,
    route?.prefetch?.(queryClient, params ?? {}),
  ]);
  const dataOrTimeout = Promise.race([
    data,
    new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_SCREEN_DATA_WAIT_MS)),
  ]);
  return Promise.all([route?.preload(), preloadFrame(), preloadTheme(), dataOrTimeout]).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * For hydrating a published page, whose data is in the page: loads the code of all that
 * the server rendered, which the hydrating render needs (a part whose code is missing
 * would wait, and hold up a link followed meanwhile: preloadWholeFrame), and starts
 * fetching what only the browser shows (the visitor's theater's lists), which the page
 * switches to once hydrated; that is not waited for.
 */
export function preloadPublishedPage(queryClient: QueryClient): Promise<void> {
  const pathname = withoutPreviewPrefix(window.location.pathname);
  const { route, params } = matchRoute(pathname) ?? {};
  void route?.prefetch?.(queryClient, params ?? {}).catch(() => undefined);
  return preloadPage(pathname).catch(() => undefined);
}

/** A page's pattern under the CMS preview prefix: the same pages, with link clicks off. */
function previewPattern(pattern: string): string {
  if (pattern === '*') return `${PREVIEW_PATH_PREFIX}/*`;
  return pattern === '/' ? PREVIEW_PATH_PREFIX : `${PREVIEW_PATH_PREFIX}${pattern}`;
}

/** Loads the code of the page at `pathname` and of the whole frame (the server renders it whole). */
export function preloadPage(pathname: string): Promise<void> {
  return Promise.all([matchRoute(pathname)?.route.preload(), preloadWholeFrame(), preloadTheme()]).then(() => undefined);
}

/** The site's pages, inside whichever router the caller gives: the browser's or the server's. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        {ROUTES.flatMap(({ pattern, element }) => [
          <Route key={pattern} path={pattern} element={element} />,
          <Route key={previewPattern(pattern)} path={previewPattern(pattern)} element={element} />,
        ])}
      </Route>
    </Routes>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
