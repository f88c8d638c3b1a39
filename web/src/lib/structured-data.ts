// schema.org JSON-LD for search engines (beyond the spec): Movie, MovieTheater and
// ScreeningEvent, from the catalogue's JSON. Absolute URLs are built on `origin`.
import type { Movie, Showtime, Theater } from '@/types/api';

export type JsonLdNode = Record<string, unknown>;

/** PT2H8M: an ISO 8601 duration in minutes. */
export function isoDuration(minutes: number | undefined): string | undefined {
  if (!minutes || minutes <= 0) return undefined;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `PT${hours ? `${hours}H` : ''}${rest ? `${rest}M` : ''}`;
}

/** `node` without its undefined and empty-list fields. */
function compact(node: JsonLdNode): JsonLdNode {
  return Object.fromEntries(
    Object.entries(node).filter(([, value]) => value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0)),
  );
}

function absolute(path: string | undefined, origin: string): string | undefined {
  return path ? new URL(path, origin).toString() : undefined;
}

export function movieNode(movie: Movie, origin: string): JsonLdNode {
  return compact({
    '@type': 'Movie',
    name: movie.title,
    url: absolute(movie.path, origin),
    image: absolute(movie.posterUrl, origin),
    description: movie.synopsis,
    duration: isoDuration(movie.runtimeMinutes),
    contentRating: movie.rating,
    genre: movie.genres,
    datePublished: movie.releaseDate,
    inLanguage: movie.originalLanguage,
    director: (movie.directors ?? []).map((name) => ({ '@type': 'Person', name })),
    actor: (movie.cast ?? []).map((name) => ({ '@type': 'Person', name })),
  });
}

export function theaterNode(theater: Theater, origin: string, path?: string): JsonLdNode {
  const address = theater.address;
  return compact({
    '@type': 'MovieTheater',
    name: theater.name,
    url: absolute(path, origin),
    telephone: theater.phone,
    email: theater.email,
    screenCount: theater.screens,
    description: theater.description,
    address: address
      ? compact({
          '@type': 'PostalAddress',
          streetAddress: address.street,
          addressLocality: address.city,
          addressRegion: address.state,
          postalCode: address.zipCode,
          addressCountry: address.country,
        })
      : undefined,
  });
}

/** A showtime as an event at its theater presenting its movie; offers the ticketing link. */
export function screeningEventNode(
  showtime: Showtime,
  movie: Movie | undefined,
  theater: Theater | undefined,
  origin: string,
): JsonLdNode {
  return compact({
    '@type': 'ScreeningEvent',
    name: movie?.title,
    startDate: showtime.startsAt,
    videoFormat: showtime.format,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: theater ? theaterNode(theater, origin) : undefined,
    workPresented: movie ? compact({ '@type': 'Movie', name: movie.title, url: absolute(movie.path, origin) }) : undefined,
    offers: showtime.ticketingUrl
      ? {
          '@type': 'Offer',
          url: showtime.ticketingUrl,
          availability: showtime.soldOut ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
        }
      : undefined,
  });
}

/** The document of a page: its nodes in one @graph. */
export function jsonLdDocument(nodes: readonly JsonLdNode[]): string {
  // '<' escaped so no value can close the script element it is written into.
  return JSON.stringify({ '@context': 'https://schema.org', '@graph': nodes }).replace(/</g, '\\u003c');
}
