// The movies screen's rules (DESIGN.md section 13, "movies' site fields"): the site's own
// fields of its movies, read from its document as the draft has it (MovieSiteConfig) beside
// the point of sale's movies (StudioMovie, read-only): their order, the movies kept off the
// site, the movie the home page's hero shows first and the posters chosen from the media
// library. Moving a movie, showing or hiding it, featuring it or changing its poster gives
// new fields; saving sends a merge patch (RFC 7396) of the fields changed; a refusal is said
// where the field it names is shown.
import type { Announcements } from '@dnd-kit/core';
import type { Translate } from '@/rules/format-message';
import { StudioApiError, type MergePatch, type SiteDocument, type StudioMovie } from './api';

/** The site's fields of its movies, as the screen edits them. */
export type MovieSiteFields = {
  /** Movie ids in the site's order (a movie of the site it leaves out follows, in the point of sale's order). */
  order: readonly string[];
  /** The movies kept off the site. */
  excluded: readonly string[];
  /** The movie the home page's hero shows first; '' for none (the first now showing). */
  featured: string;
  /** A media library image's path (`/media/{id}.jpg`) in place of the point of sale's poster, by movie id. */
  posters: Readonly<Record<string, string>>;
};

/**
 * Every movie's id in the site's order, as the site lists them: those `order` names first,
 * in its order (an id named twice counts once, one the site does not have is skipped), then
 * the others in the point of sale's order (`movies`' own).
 */
export function siteOrder(movies: readonly StudioMovie[], order: readonly string[]): string[] {
  const known = new Set(movies.map((movie) => movie.id));
  const named = [...new Set(order)].filter((id) => known.has(id));
  const placed = new Set(named);
  return [...named, ...movies.filter((movie) => !placed.has(movie.id)).map((movie) => movie.id)];
}

/** `movies` in the site's order (siteOrder). */
export function orderedMovies(movies: readonly StudioMovie[], order: readonly string[]): StudioMovie[] {
  const byId = new Map(movies.map((movie) => [movie.id, movie]));
  return siteOrder(movies, order).flatMap((id) => byId.get(id) ?? []);
}

/** The fields as `document` has them, its order complete with every one of `movies`. */
export function movieSiteFields(document: SiteDocument, movies: readonly StudioMovie[]): MovieSiteFields {
  const config = document.config ?? {};
  return {
    order: siteOrder(movies, config.movieOrderIndex ?? []),
    excluded: [...new Set(config.globalExcludedMovieIds ?? [])],
    featured: config.featuredMovieId ?? '',
    posters: { ...config.posterOverrides },
  };
}

/** `order` with `id` moved to `index` (0: the top), the others keeping theirs; unchanged where `id` is not in it. */
export function moveMovie(order: readonly string[], id: string, index: number): string[] {
  const from = order.indexOf(id);
  if (from === -1) return [...order];
  const rest = order.filter((other) => other !== id);
  const to = Math.min(Math.max(index, 0), rest.length);
  return [...rest.slice(0, to), id, ...rest.slice(to)];
}

/** A move the buttons of a movie's row make: one place up or down, or to the top of the list. */
export type MovieMove = 'up' | 'down' | 'top';

/** Where `move` takes the movie at `index`. */
export function movedIndex(index: number, move: MovieMove): number {
  if (move === 'top') return 0;
  return move === 'up' ? index - 1 : index + 1;
}

/** Whether `move` would move the movie at `index` of `count` at all (the top one goes no higher, the last one no lower). */
export function canMove(index: number, count: number, move: MovieMove): boolean {
  return move === 'down' ? index < count - 1 : index > 0;
}

/**
 * The fields with the movie `id` shown on the site or kept off it. A movie kept off the
 * site is not featured (the server refuses it): where it was, no movie is any more.
 */
export function withMovieShown(fields: MovieSiteFields, id: string, shown: boolean): MovieSiteFields {
  const excluded = fields.excluded.filter((other) => other !== id);
  if (shown) return { ...fields, excluded };
  return { ...fields, excluded: [...excluded, id], featured: fields.featured === id ? '' : fields.featured };
}

/** The fields with `id` featured ('' for none); a movie kept off the site cannot be, and the fields are left as they were. */
export function withFeaturedMovie(fields: MovieSiteFields, id: string): MovieSiteFields {
  if (id !== '' && fields.excluded.includes(id)) return fields;
  return { ...fields, featured: id };
}

/** The fields with `path` the poster of `id` in place of the point of sale's, or the point of sale's again (null). */
export function withPoster(fields: MovieSiteFields, id: string, path: string | null): MovieSiteFields {
  const others = Object.fromEntries(Object.entries(fields.posters).filter(([movie]) => movie !== id));
  return { ...fields, posters: path === null ? others : { ...others, [id]: path } };
}

/** The ids of `ids` that `order` has, in its order. */
function inSiteOrder(ids: readonly string[], order: readonly string[]): string[] {
  const named = new Set(ids);
  return order.filter((id) => named.has(id));
}

/**
 * The merge patch from `before` (the fields as the document has them) to `after` (as the
 * screen has them), each against the site's movies as they are: the order whole (every
 * movie's id), where it changed (an order left as it was is not written, so that a movie
 * the point of sale adds later still takes its place among those it was not set against);
 * the movies kept off the site, whole, where they changed; the featured movie ('' for none)
 * where it changed; and each poster changed, null where the point of sale's is back. Empty
 * when nothing changed.
 */
export function movieSiteFieldsPatch(before: MovieSiteFields, after: MovieSiteFields, movies: readonly StudioMovie[]): MergePatch {
  const config: MergePatch = {};
  const wasOrder = siteOrder(movies, before.order);
  const order = siteOrder(movies, after.order);
  if (wasOrder.join('\n') !== order.join('\n')) config.movieOrderIndex = order;
  const wasExcluded = inSiteOrder(before.excluded, order);
  const excluded = inSiteOrder(after.excluded, order);
  if ([...wasExcluded].sort().join('\n') !== [...excluded].sort().join('\n')) config.globalExcludedMovieIds = excluded;
  if (before.featured !== after.featured) config.featuredMovieId = after.featured;
  const posters: MergePatch = {};
  for (const id of new Set([...Object.keys(before.posters), ...Object.keys(after.posters)])) {
    if (before.posters[id] !== after.posters[id]) posters[id] = after.posters[id] ?? null;
  }
  if (Object.keys(posters).length > 0) config.posterOverrides = posters;
  return Object.keys(config).length === 0 ? {} : { config };
}

/**
 * A field of the movies' a refusal names: their order, the movies kept off the site, the
 * featured movie, the posters as a whole, or one movie's poster.
 */
export type MovieFieldAtFault =
  | { part: 'order' }
  | { part: 'excluded' }
  | { part: 'featured' }
  | { part: 'posters' }
  | { part: 'poster'; movieId: string };

const POSTER_FIELD = 'config.posterOverrides.';

/**
 * The field of the movies' the server's `field` names (`config.movieOrderIndex[3]`,
 * `config.globalExcludedMovieIds[0]`, `config.featuredMovieId`,
 * `config.posterOverrides.{movieId}`); undefined for any other.
 */
export function movieFieldAtFault(field: string | null | undefined): MovieFieldAtFault | undefined {
  if (!field) return undefined;
  const named = (name: string) => field === name || field.startsWith(`${name}[`) || field.startsWith(`${name}.`);
  if (field.startsWith(POSTER_FIELD) && field.length > POSTER_FIELD.length) return { part: 'poster', movieId: field.slice(POSTER_FIELD.length) };
  if (named('config.posterOverrides')) return { part: 'posters' };
  if (named('config.movieOrderIndex')) return { part: 'order' };
  if (named('config.globalExcludedMovieIds')) return { part: 'excluded' };
  if (named('config.featuredMovieId')) return { part: 'featured' };
  return undefined;
}

/** The field of the movies' a refused save (400 or 422) names, if the screen shows it. */
export function refusedMovieField(error: unknown): MovieFieldAtFault | undefined {
  if (!(error instanceof StudioApiError) || (error.status !== 400 && error.status !== 422)) return undefined;
  return movieFieldAtFault(error.field);
}

/** What is said of a refusal of `fault`, where it is shown, in the server's words (`message`). */
export function movieRefusalText(t: Translate, fault: MovieFieldAtFault, message: string, titleOf: (id: string) => string): string {
  if (fault.part === 'poster') return t('studio.movies.refused.poster', { movie: titleOf(fault.movieId), message });
  return t(`studio.movies.refused.${fault.part}`, { message });
}

/**
 * The path of the poster the site shows of `movie`: the media library's image chosen in
 * place of the point of sale's (`override`), by its own path (`/media/{id}.jpg`, its
 * largest JPEG: the library makes a narrower file of an image only where the image is
 * wider than it, so no other name is sure to be there), else the point of sale's.
 */
export function shownPosterPath(movie: Pick<StudioMovie, 'posterUrl'>, override: string | undefined): string {
  return override ?? movie.posterUrl;
}

/** A path on the site (a poster's) from the site's own host, `publicUrl`; undefined where there is none to show. */
export function onSiteHost(path: string, publicUrl: string): string | undefined {
  if (path === '') return undefined;
  try {
    return new URL(path, publicUrl).href;
  } catch {
    return undefined;
  }
}

/** A release date (YYYY-MM-DD) in the studio's language, the day it names wherever the staff member is; null: not announced. */
export function releaseDateText(t: Translate, date: string | null | undefined): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  if (!parts) return t('studio.movies.releaseDate.none');
  const day = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  return new Intl.DateTimeFormat(t.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(day);
}

/** A runtime in hours and minutes ("2 h 46 min"); 0: not known. */
export function runtimeText(t: Translate, minutes: number): string {
  if (minutes <= 0) return t('studio.movies.runtime.none');
  if (minutes < 60) return t('studio.movies.runtime.minutes', { minutes });
  return t('studio.movies.runtime.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** A rating as the point of sale gives it; '' for none. */
export function ratingText(t: Translate, rating: string): string {
  return rating.trim() === '' ? t('studio.movies.rating.none') : rating.trim();
}

/**
 * What a screen reader is told as a movie is dragged (with the keyboard too): which one is
 * picked up, where it would go, and where it went, or that it went back, each as a
 * position of `order`'s (the list as it stands before the drop).
 */
export function dragAnnouncements(t: Translate, order: readonly string[], titleOf: (id: string) => string): Announcements {
  const count = order.length;
  const at = (id: string | number) => ({ position: order.indexOf(String(id)) + 1, count });
  return {
    onDragStart: ({ active }) => t('studio.movies.drag.start', { movie: titleOf(String(active.id)), ...at(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('studio.movies.drag.over', { movie: titleOf(String(active.id)), ...at(over.id) })
        : t('studio.movies.drag.outside', { movie: titleOf(String(active.id)) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('studio.movies.drag.end', { movie: titleOf(String(active.id)), ...at(over.id) })
        : t('studio.movies.drag.cancel', { movie: titleOf(String(active.id)), ...at(active.id) }),
    onDragCancel: ({ active }) => t('studio.movies.drag.cancel', { movie: titleOf(String(active.id)), ...at(active.id) }),
  };
}
