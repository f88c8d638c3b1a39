import { lazy, type ComponentType, type ReactNode } from 'react';
import { PREVIEW_PATH_PREFIX, withoutPreviewPrefix } from '@/lib/link-rules';
import { loadWithRetry } from '@/lib/page-load';
import { noteResourceFailure } from '@/lib/resource-failures';
import { BrowserRouter, matchPath, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/root-layout';

// Every page is its own chunk, so the first page loads only its own code (the shell
// alone is near the 100 KB budget). A chunk that fails to load is tried again
// (SPEC.md section 2, page-load retries) and noted for the service worker's reload rule.
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  let loading: Promise<ComponentType> | undefined;
  const loadPage = () => {
    loading ??= loadWithRetry(load, { onRetry: noteResourceFailure })
      .then(pick)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
    return loading;
  };
  const Page = lazy(async () => ({ default: await loadPage() }));
  // A failed preload is forgotten: rendering the page tries again and shows the error.
  const preload = () => void loadPage().catch(() => undefined);
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
const ContentPage = page(() => import('./routes/content-page'), (module) => module.ContentPageRoute);
const AccountPage = page(
  () => import('@/features/loyalty/components/account/account-area'),
  (module) => module.AccountArea,
);
const NotFoundPage = page(() => import('./routes/not-found'), (module) => module.NotFoundRoute);

// First match wins: specific patterns before the catch-alls.
const ROUTES: ReadonlyArray<{ pattern: string; element: ReactNode; preload: () => void }> = [
  { pattern: paths.home.pattern, ...HomePage },
  { pattern: paths.movies.pattern, ...MovieListPage },
  { pattern: paths.movie.pattern, ...MoviePage },
  { pattern: paths.moviesCatchAll.pattern, ...NotFoundPage },
  { pattern: paths.theaters.pattern, ...TheaterListPage },
  { pattern: paths.theater.pattern, ...TheaterPage },
  { pattern: paths.showtimes.pattern, ...ShowtimesPage },
  { pattern: paths.events.pattern, ...EventListPage },
  { pattern: paths.event.pattern, ...EventPage },
  { pattern: paths.account.pattern, ...AccountPage },
  { pattern: paths.notFound.pattern, ...NotFoundPage },
  { pattern: paths.serverError.pattern, ...ServerErrorPage },
  { pattern: paths.contentPage.pattern, ...ContentPage },
  { pattern: paths.anything.pattern, ...NotFoundPage },
];

/** Starts loading the first page's code while the app data is still on its way. */
export function preloadFirstPage(): void {
  const pathname = withoutPreviewPrefix(window.location.pathname);
  ROUTES.find((route) => matchPath(route.pattern, pathname))?.preload();
}

/** A page's pattern under the CMS preview prefix: the same pages, with link clicks off. */
function previewPattern(pattern: string): string {
  if (pattern === '*') return `${PREVIEW_PATH_PREFIX}/*`;
  return pattern === '/' ? PREVIEW_PATH_PREFIX : `${PREVIEW_PATH_PREFIX}${pattern}`;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          {ROUTES.flatMap(({ pattern, element }) => [
            <Route key={pattern} path={pattern} element={element} />,
            <Route key={previewPattern(pattern)} path={previewPattern(pattern)} element={element} />,
          ])}
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
