// Finding a theater (docs/ingest.md#theaters): by what the visitor types (a name, a city, a
// ZIP code), and nearest first once the browser knows where the visitor is.
import type { Theater } from '@/types/api';

/** Lower case without accents, so "montreal" finds "Montréal". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}

/** Whether every word typed starts a word of the theater's name, city, state or ZIP code. */
export function matchesTheater(theater: Theater, typed: string): boolean {
  const words = foldText(typed).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const { address } = theater;
  const haystack = foldText([theater.name, address?.city, address?.state, address?.zipCode].filter(Boolean).join(' '))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words.every((word) => haystack.some((candidate) => candidate.startsWith(word)));
}

/**
 * The theaters to show: those matching what was typed, nearest first when distances are
 * known (the `near` answer's order), else in the chain's order.
 */
export function findTheaters(
  theaters: readonly Theater[],
  typed: string,
  nearest: readonly Theater[] | undefined,
): Theater[] {
  const ordered = nearest ?? theaters;
  return ordered.filter((theater) => matchesTheater(theater, typed));
}

/** Miles where road signs use them, else kilometres. */
export function formatDistance(km: number, locale: string): string {
  const region = new Intl.Locale(locale).maximize().region;
  const miles = region === 'US' || region === 'GB' || region === 'LR' || region === 'MM';
  const value = miles ? km / 1.609344 : km;
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: miles ? 'mile' : 'kilometer',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
