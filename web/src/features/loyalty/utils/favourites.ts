// docs/loyalty.md#favourites.

import type { CypherReply, LoyaltyMember } from '../types';

/** The film ids of a GetFavoriteFilms reply: externalFilmIds, or {brand}Ids as strings. */
export function favouriteFilmIds(reply: CypherReply, brand: string): string[] {
  const external = reply.externalFilmIds;
  if (Array.isArray(external)) return external.map(String);
  const branded = reply[`${brand}Ids`];
  return Array.isArray(branded) ? branded.map(String) : [];
}

/** Add and remove carry the film id both as externalFilmId and as {brand}Id. */
export function favouriteFilmPayload(filmId: string, brand: string): Record<string, string> {
  return { externalFilmId: filmId, [`${brand}Id`]: filmId };
}

/** docs/loyalty.md#favourites: a version 3 session with its token. */
export function keepsFavouriteCinemas(member: LoyaltyMember | null | undefined): boolean {
  return member?.cypherVersion === 3 && Boolean(member.token);
}

/** A favourite theater: the API keys it by {brand}CinemaId. */
export type FavoriteCinema = { cinemaId: string; subscribeToNewsletter: boolean };

/** The favourite theaters of a reply, each under its {brand}CinemaId. */
export function favoriteCinemas(reply: CypherReply, brand: string): FavoriteCinema[] {
  const list = reply.favoriteCinemas;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const fields = entry as Record<string, unknown>;
    const cinemaId = fields[`${brand}CinemaId`];
    // An id as the API writes it, a number or a string.
    if (typeof cinemaId !== 'number' && typeof cinemaId !== 'string') return [];
    return [{ cinemaId: String(cinemaId), subscribeToNewsletter: fields.subscribeToNewsletter === true }];
  });
}

/** The list with one theater's newsletter subscription switched. */
export function withNewsletter(list: readonly FavoriteCinema[], cinemaId: string, subscribe: boolean): FavoriteCinema[] {
  return list.map((entry) =>
    entry.cinemaId === cinemaId ? { ...entry, subscribeToNewsletter: subscribe } : entry,
  );
}
