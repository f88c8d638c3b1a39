import { dateTimeFormat } from '@/rules/date-time-format';

// Showtime dates and times are wall-clock values at the theater; formatting them in
// UTC keeps the visitor's own time zone from shifting them.

/** 'Fri, Nov 27' for '2026-11-27' in en-US. */
export function formatShowDate(date: string, locale: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  return dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
}
