import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
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
        <Route path="/" element={<RootLayout />}>
          <Route index element={<HomeRoute />} />
          <Route path="movies" element={<MovieListRoute />} />
          <Route path="movies/:movieSegment" element={<MovieRoute />} />
          <Route path="movies/*" element={<NotFoundRoute />} />
          <Route path="theaters" element={<TheaterListRoute />} />
          <Route path="theaters/:theaterSegment" element={<TheaterRoute />} />
          <Route path="showtimes" element={<ShowtimesRoute />} />
          <Route path="events" element={<EventListRoute />} />
          <Route path="events/:eventSegment" element={<EventRoute />} />
          <Route path="404.html" element={<NotFoundRoute />} />
          <Route path=":pageSlug" element={<ContentPageRoute />} />
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}
