// The page an ad set-up is asked for (SPEC.md section 3 "Ad component inputs" and
// "Ad targeting data layer").

/** A movie as the ad data layer names it. */
export type AdMovie = { id: string; title?: string; releaseDate?: string };

/**
 * What the page knows of its movies: the ones scheduled at the page's theater (absent
 * while no theater is chosen) and the movie a movie page is about.
 */
export type AdPageMovies = {
  scheduledMovieIds: string[] | undefined;
  movie: AdMovie | undefined;
};

type ListedMovie = { id: string; title?: string; releaseDate?: string };

/**
 * The page's movies from the catalogue's lists: the ids scheduled at the theater (when the
 * page has a theater and its list has arrived) and the movie of a movie page.
 */
export function adPageMovies(
  pathname: string,
  theaterMovies: readonly ListedMovie[] | undefined,
  allMovies: readonly ListedMovie[] | undefined,
): AdPageMovies {
  const movieId = movieIdFromPath(pathname);
  const movie = movieId === undefined ? undefined : allMovies?.find((candidate) => candidate.id === movieId);
  return {
    scheduledMovieIds: theaterMovies?.map((scheduled) => scheduled.id),
    movie: movie && { id: movie.id, title: movie.title, releaseDate: movie.releaseDate },
  };
}

export type AdPageInputs = {
  path: string;
  theaterId: string | undefined;
  movieId: string | undefined;
  pageTitle: string | undefined;
  scheduledMovieIds: string[] | undefined;
  /** Whether a loyalty member is signed in (ad targeting); undefined before that is known. */
  isLoggedIn?: boolean;
};

/** The id at the front of a `{id}-{slug}` segment under `prefix`, if the path has one. */
function leadingId(pathname: string, prefix: string): string | undefined {
  if (!pathname.startsWith(prefix)) return undefined;
  const segment = decodeURIComponent(pathname.slice(prefix.length).split('/')[0] ?? '');
  const id = segment.split('-')[0];
  return id || undefined;
}

export function movieIdFromPath(pathname: string): string | undefined {
  return leadingId(pathname, '/movies/');
}

export function theaterIdFromPath(pathname: string): string | undefined {
  return leadingId(pathname, '/theaters/');
}

/** The kind of page, for the ad data layer. */
export function pageTypeForPath(pathname: string): string {
  if (pathname === '/') return 'home';
  if (movieIdFromPath(pathname)) return 'movie';
  if (pathname.startsWith('/movies/')) return 'movies';
  if (theaterIdFromPath(pathname)) return 'theater';
  if (pathname.startsWith('/theaters/')) return 'theaters';
  if (pathname.startsWith('/showtimes/')) return 'showtimes';
  if (pathname.startsWith('/events/')) return pathname.split('/').filter(Boolean).length > 1 ? 'event' : 'events';
  return 'page';
}

export type AdDataLayerInput = {
  origin: string;
  domain: string;
  pathname: string;
  theater?: { id: string; name?: string; path?: string };
  movie?: AdMovie;
  isLoggedIn?: boolean;
};

/** The ad targeting data layer: every field a string, optional ones left out. */
export function adDataLayer(input: AdDataLayerInput): Record<string, string> {
  const layer: Record<string, string> = {
    urlOrigin: input.origin,
    domain: input.domain,
    pageType: pageTypeForPath(input.pathname),
  };
  if (input.theater) {
    layer.theaterId = input.theater.id;
    layer.theaterName = input.theater.name ?? '';
    layer.theaterPermalinkOrigin = input.origin;
    layer.theaterPermalinkPath = input.theater.path ?? '';
  }
  if (input.movie) {
    layer.movieId = input.movie.id;
    layer.movieTitle = input.movie.title ?? '';
    layer.movieReleaseDate = input.movie.releaseDate ?? '';
    layer.moviePermalinkOrigin = input.origin;
    layer.moviePermalinkPath = `/permalink/movie/${input.movie.id}`;
  }
  if (input.isLoggedIn !== undefined) layer.isLoggedIn = String(input.isLoggedIn);
  return layer;
}
