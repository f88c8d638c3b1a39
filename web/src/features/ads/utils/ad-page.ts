// The page an ad set-up is asked for (docs/consent-and-ads.md#ad-targeting).
import { theaterIdFromPath } from '@/rules/current-theater';
import { safeDecode } from '@/rules/safe-decode';
import type { PageContent } from '@/types/api';

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
 * The page's movies from what the page already has, the ads asking for none of their
 * own: the ids scheduled at the page's theater (a theater page's own movies, or the
 * theater's list the page has fetched) and the movie of a movie page, from the page's data.
 */
export function adPageMovies(
  content: Pick<PageContent, 'movie' | 'movies' | 'theater'> | undefined,
  theaterId: string | undefined,
  theaterMovies: readonly ListedMovie[] | undefined,
): AdPageMovies {
  const movie = content?.movie;
  return {
    scheduledMovieIds: scheduledAt(theaterId, content, theaterMovies)?.map((scheduled) => scheduled.id),
    movie: movie && { id: movie.id, title: movie.title, releaseDate: movie.releaseDate },
  };
}

function scheduledAt(
  theaterId: string | undefined,
  content: Pick<PageContent, 'movies' | 'theater'> | undefined,
  theaterMovies: readonly ListedMovie[] | undefined,
): readonly ListedMovie[] | undefined {
  if (theaterId === undefined) return undefined;
  return content?.theater?.id === theaterId ? content.movies : theaterMovies;
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

/**
 * The id at the front of a `{id}-{slug}` segment under `prefix`, if the path has one; none
 * for a segment with a malformed escape.
 */
function leadingId(pathname: string, prefix: string): string | undefined {
  if (!pathname.startsWith(prefix)) return undefined;
  const segment = safeDecode(pathname.slice(prefix.length).split('/')[0] ?? '');
  return segment?.split('-')[0] || undefined;
}

export function movieIdFromPath(pathname: string): string | undefined {
  return leadingId(pathname, '/movies/');
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
