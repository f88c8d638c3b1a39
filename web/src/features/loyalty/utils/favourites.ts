// SPEC.md section 3 "Favourite films" and "Favourite theaters (favoriteCinemas)".

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

/** SPEC.md section 4 "Favourite theaters": a version 3 session with its token. */
export function keepsFavouriteCinemas(member: LoyaltyMember | null | undefined): boolean {
  return member?.cypherVersion === 3 && Boolean(member.token);
}

export type FavoriteCinema = { boxofficeCinemaId: string; subscribeToNewsletter: boolean };

export function favoriteCinemas(reply: CypherReply): FavoriteCinema[] {
  const list = reply.favoriteCinemas;
  if (!Array.isArray(list)) return [];
  return list.flatMap((entry: unknown) => {
    if (typeof entry !== 'object' || entry === null) return [];
    const { boxofficeCinemaId, subscribeToNewsletter } = entry as Record<string, unknown>;
    // An id as the API writes it, a number or a string.
    if (typeof boxofficeCinemaId !== 'number' && typeof boxofficeCinemaId !== 'string') return [];
    return [{ boxofficeCinemaId: String(boxofficeCinemaId), subscribeToNewsletter: subscribeToNewsletter === true }];
  });
}

/** The list with one theater's newsletter subscription switched. */
export function withNewsletter(list: readonly FavoriteCinema[], cinemaId: string, subscribe: boolean): FavoriteCinema[] {
  return list.map((entry) =>
    entry.boxofficeCinemaId === cinemaId ? { ...entry, subscribeToNewsletter: subscribe } : entry,
  );
}
