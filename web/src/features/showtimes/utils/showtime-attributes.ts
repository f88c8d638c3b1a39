// docs/ingest.md#showtime-attributes: what a showing offers, as codes of one vocabulary, and the
// visitor's choice of them kept in the address (?attribute=open-captions&attribute=...).
import type { Showtime } from '@/types/api';

/** The vocabulary, in the order badges, legends and chips show it. */
export const SHOWTIME_ATTRIBUTES = [
  'open-captions',
  'closed-captions',
  'audio-description',
  'sensory-friendly',
  'wheelchair',
  'subtitled',
  'dubbed',
  'original-language',
  '3d',
  'imax',
  'dolby-atmos',
  'premium',
] as const;

export type ShowtimeAttribute = (typeof SHOWTIME_ATTRIBUTES)[number];

const isAttribute = (code: string): code is ShowtimeAttribute =>
  (SHOWTIME_ATTRIBUTES as readonly string[]).includes(code);

/** A showing's known attributes, in vocabulary order. */
export function attributesOf(showtime: Showtime): ShowtimeAttribute[] {
  const own = showtime.attributes ?? [];
  return SHOWTIME_ATTRIBUTES.filter((code) => own.includes(code));
}

/** The attributes a showing's badges show: not the one its format already names ("IMAX"). */
export function badgeAttributes(showtime: Showtime): ShowtimeAttribute[] {
  const format = (showtime.format ?? '').toLowerCase().replace(/\s+/g, '-');
  return attributesOf(showtime).filter((code) => code !== format);
}

/** The attributes any of `showtimes` has, in vocabulary order: the chips worth offering. */
export function attributesAmong(showtimes: readonly Showtime[]): ShowtimeAttribute[] {
  const seen = new Set(showtimes.flatMap((showtime) => showtime.attributes ?? []));
  return SHOWTIME_ATTRIBUTES.filter((code) => seen.has(code));
}

/** The attributes chosen in a query string; unknown codes are ignored. */
export function chosenAttributes(search: string): ShowtimeAttribute[] {
  const chosen = new URLSearchParams(search).getAll('attribute').filter(isAttribute);
  return SHOWTIME_ATTRIBUTES.filter((code) => chosen.includes(code));
}

/** The showings that have every chosen attribute. */
export function withAttributes(showtimes: readonly Showtime[], chosen: readonly ShowtimeAttribute[]): Showtime[] {
  return showtimes.filter((showtime) => chosen.every((code) => showtime.attributes?.includes(code)));
}

/** The query string with `code` chosen or no longer chosen, the rest kept. */
export function toggledSearch(search: string, code: ShowtimeAttribute): string {
  const query = new URLSearchParams(search);
  const chosen = chosenAttributes(search);
  const next = chosen.includes(code) ? chosen.filter((other) => other !== code) : [...chosen, code];
  query.delete('attribute');
  for (const other of SHOWTIME_ATTRIBUTES.filter((candidate) => next.includes(candidate))) {
    query.append('attribute', other);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
