import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { paths } from '@/config/paths';
import { RootLayout } from './layout/root-layout';

// Every page is its own chunk, so the first page loads only its own code
// (TOOLCHAIN.md: the shell alone is near the 100 KB budget). Declarative routes keep
// the router's data-loading machinery, which this app does not use, out of the shell.
const HomeRoute = lazy(async () => ({ default: (await import('./routes/home')).HomeRoute }));
const MovieListRoute = lazy(async () => ({
  default: (await import('./routes/movie-list')).MovieListRoute,
}));
const MovieRoute = lazy(async () => ({ default: (await import('./routes/movie')).MovieRoute }));
const TheaterListRoute = lazy(async () => ({
  default: (await import('./routes/theaters')).TheaterListRoute,
}));
const TheaterRoute = lazy(async () => ({ default: (await import('./routes/theater')).TheaterRoute }));
const ShowtimesRoute = lazy(async () => ({
  default: (await import('./routes/showtimes')).ShowtimesRoute,
}));
const EventListRoute = lazy(async () => ({ default: (await import('./routes/events')).EventListRoute }));
const EventRoute = lazy(async () => ({ default: (await import('./routes/event')).EventRoute }));
const ServerErrorRoute = lazy(async () => ({
  default: (await import('./routes/server-error')).ServerErrorRoute,
}));
const ContentPageRoute = lazy(async () => ({
  default: (await import('./routes/content-page')).ContentPageRoute,
}));
const NotFoundRoute = lazy(async () => ({
  default: (await import('./routes/not-found')).NotFoundRoute,
}));

export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route path={paths.home.pattern} element={<RootLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path={paths.movies.pattern} element={<MovieListRoute />} />
          <Route path={paths.movie.pattern} element={<MovieRoute />} />
          <Route path={paths.moviesCatchAll.pattern} element={<NotFoundRoute />} />
          <Route path={paths.theaters.pattern} element={<TheaterListRoute />} />
          <Route path={paths.theater.pattern} element={<TheaterRoute />} />
          <Route path={paths.showtimes.pattern} element={<ShowtimesRoute />} />
          <Route path={paths.events.pattern} element={<EventListRoute />} />
          <Route path={paths.event.pattern} element={<EventRoute />} />
          <Route path={paths.notFound.pattern} element={<NotFoundRoute />} />
          <Route path={paths.serverError.pattern} element={<ServerErrorRoute />} />
          <Route path={paths.contentPage.pattern} element={<ContentPageRoute />} />
          <Route path={paths.anything.pattern} element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
