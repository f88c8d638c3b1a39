import { dateTimeFormat } from '@/rules/date-time-format';

/**
 * 'Sat, Dec 5 · 7:00 PM' for '2026-12-05' and '19:00' in en-US. The event's date and
 * time are local to its theater, so they are formatted in UTC, never shifted.
 */
export function formatEventDate(date: string, time: string | undefined, locale: string): string {
  const [year, month, day] = date.split('-').map(Number);
  if (!year || !month || !day) return date;
  const [hours, minutes] = (time ?? '').split(':').map(Number);
  const hasTime = hours !== undefined && minutes !== undefined && !Number.isNaN(hours) && !Number.isNaN(minutes);
  const dayText = dateTimeFormat(locale, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
  if (!hasTime) return dayText;
  const timeText = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day, hours, minutes)),
  );
  return `${dayText} · ${timeText}`;
}
