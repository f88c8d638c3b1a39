// Every route of the app, built in one place (docs/pages-and-links.md#routes).
// Paths end with '/' like the pre-built pages the gateway serves.
import type { HandOffSegment } from './hand-offs';

/** `{id}-{slug}`, or the bare id when there is no slug. */
export function idSlugSegment(id: string, slug?: string): string {
  return slug ? `${id}-${slug}` : id;
}

function withQuery(path: string, entries: Array<[string, string | undefined]>): string {
  const query = new URLSearchParams(entries.filter((entry): entry is [string, string] => Boolean(entry[1])));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}

/** The member-area screens under /account/, by their path segment. */
export const ACCOUNT_SCREENS = [
  'profile',
  'rewards',
  'cards',
  'history',
  'watchlist',
  'theaters',
  'alerts',
  'register',
  'activate',
  'forgot-password',
  'forgot-username',
  'reset-password',
  'gift-card',
  'e-vouchers',
  'delete-account',
] as const;

export type AccountScreen = (typeof ACCOUNT_SCREENS)[number];

export const paths = {
  home: {
    pattern: '/',
    build: () => '/',
  },
  movies: {
    pattern: '/movies/',
    /** The list with filters, in a fixed order so one filter set has one address. */
    build: (filters: { playWeek?: string; theaterId?: string; date?: string; attribute?: string } = {}) =>
      withQuery('/movies/', [
        ['playWeek', filters.playWeek],
        ['theaterId', filters.theaterId],
        ['date', filters.date],
        ['attribute', filters.attribute],
      ]),
  },
  /** Site search's results page (docs/ingest.md#site-search). */
  search: {
    pattern: '/search/',
    build: (words?: string) => withQuery('/search/', [['q', words?.trim()]]),
  },
  movie: {
    pattern: '/movies/:movieSegment/',
    build: (movie: { id: string; slug?: string }) =>
      `/movies/${encodeURIComponent(idSlugSegment(movie.id, movie.slug))}/`,
  },
  /** Anything else under /movies/ (docs/pages-and-links.md#routes: catch-all under movies). */
  moviesCatchAll: {
    pattern: '/movies/*',
  },
  /** A movie's lasting address, `/permalink/movie/{movieId}`: the gateway redirects it to the movie's page. */
  moviePermalink: {
    pattern: '/permalink/movie/*',
  },
  theaters: {
    pattern: '/theaters/',
    build: () => '/theaters/',
  },
  theater: {
    pattern: '/theaters/:theaterSegment/',
    build: (theater: { id: string; slug?: string }) =>
      `/theaters/${encodeURIComponent(idSlugSegment(theater.id, theater.slug))}/`,
  },
  showtimes: {
    pattern: '/showtimes/',
    build: () => '/showtimes/',
  },
  events: {
    pattern: '/events/',
    build: () => '/events/',
  },
  event: {
    pattern: '/events/:eventSegment/',
    build: (event: { id: string; slug?: string }) =>
      `/events/${encodeURIComponent(idSlugSegment(event.id, event.slug))}/`,
  },
  /**
   * A hand-off to the ticketing site, answered by the gateway with a redirect: a TAPOS
   * booking link when embedded leads to /startticketing/?theaterCode=&perfCode=.
   */
  handOff: {
    build: (segment: HandOffSegment, codes: { theaterId?: string; theaterCode?: string; perfCode?: string }) =>
      withQuery(`/${segment}/`, Object.entries(codes)),
  },
  /** The loyalty-member area (docs/loyalty.md#member-area): its overview, and ACCOUNT_SCREENS below it. */
  account: {
    pattern: '/account/*',
    build: () => '/account/',
  },
  accountScreen: {
    build: (screen: AccountScreen, query: Array<[string, string | undefined]> = []) =>
      withQuery(`/account/${screen}/`, query),
  },
  /** Generic content pages (about, privacy policy, login page...). */
  contentPage: {
    pattern: '/:pageSlug/',
    build: (slug: string) => `/${encodeURIComponent(slug)}/`,
  },
  notFound: {
    pattern: '/404.html',
    build: () => '/404.html',
  },
  serverError: {
    pattern: '/500.html',
    build: () => '/500.html',
  },
  /** Every other address. */
  anything: {
    pattern: '*',
  },
} as const;

/**
 * Whether the route segment `{id}-{slug}` (or a bare id) names the entity `id`,
 * the same rule the gateway applies to pre-built page paths.
 */
export function segmentNames(segment: string, id: string): boolean {
  return segment === id || (segment.startsWith(id) && segment.charAt(id.length) === '-');
}

/**
 * Whether `pathname` is a page of the member area: its overview or one of ACCOUNT_SCREENS,
 * with or without the trailing slash. Any other address under /account/ is not found.
 */
export function isAccountPage(pathname: string): boolean {
  const match = /^\/account(?:\/([^/]+))?\/?$/.exec(pathname);
  if (!match) return false;
  const screen = match[1];
  return screen === undefined || (ACCOUNT_SCREENS as readonly string[]).includes(screen);
}
