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

/** '7:30 PM' for '19:30' in en-US, '19:30' in fr-FR. */
export function formatShowTime(time: string, locale: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  if (hours === undefined || minutes === undefined || Number.isNaN(hours) || Number.isNaN(minutes)) {
    return time;
  }
  return dateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}
