// How the member area shows points, money and dates from loyalty replies.

import type { Balance } from '../types';

/** The member's points: the POINTS balance, else the first one, else 0. */
export function pointsBalance(balances: readonly Balance[] | undefined): number {
  const list = balances ?? [];
  return (list.find((balance) => balance.type === 'POINTS') ?? list[0])?.value ?? 0;
}

export function formatCents(cents: number, locale: string, currency = 'USD'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/** A date from Unix seconds, in the site's time zone (UTC, docs/pages-and-links.md#locale-text). */
export function formatUnixDate(seconds: number, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(seconds * 1000));
}
