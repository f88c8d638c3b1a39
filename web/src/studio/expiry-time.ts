// When an invitation expires, as the studio words it: a day and a time in the staff member's
// language and time zone, with the zone named (an invitation may be sent across zones).
import { dateTimeFormat } from '@/rules/date-time-format';

const EXPIRY_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** "3 December 2026 at 14:00 GMT" in the staff member's language and time zone; undefined for no time. */
export function expiryTime(locale: string, expiresAt: string): string | undefined {
  const time = new Date(expiresAt);
  if (Number.isNaN(time.getTime())) return undefined;
  return dateTimeFormat(locale, EXPIRY_FORMAT).format(time);
}
