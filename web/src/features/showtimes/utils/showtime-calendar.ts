// "Add to calendar" for a showtime (beyond the spec): an iCalendar (RFC 5545) event,
// offered as a data: URL the browser saves as an .ics file.
import type { Movie, Showtime, Theater } from '@/types/api';

// When a movie has no runtime, the calendar entry still needs an end.
const DEFAULT_MINUTES = 120;

/** 20261123T153000Z: a UTC date-time of iCalendar. */
export function icsDateTime(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** Text escaped for an iCalendar property value. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/([,;])/g, '\\$1');
}

/** Lines longer than 75 characters folded onto continuation lines (RFC 5545 section 3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  for (let rest = line; rest.length > 0; rest = rest.slice(parts.length === 1 ? 75 : 74)) {
    parts.push(rest.slice(0, parts.length === 0 ? 75 : 74));
  }
  return parts.join('\r\n ');
}

function address(theater: Theater | undefined): string {
  const parts = [theater?.address?.street, theater?.address?.city, theater?.address?.state, theater?.address?.zipCode];
  return [theater?.name, ...parts].filter(Boolean).join(', ');
}

export type ShowtimeCalendarInput = {
  showtime: Showtime;
  movie: Movie | undefined;
  theater: Theater | undefined;
  /** The movie page, for the event's link. */
  url: string;
  /** The entry's creation time (DTSTAMP). */
  now: Date;
  /** Domain part of the UID, so the same showtime keeps one identity across downloads. */
  host: string;
};

/** The calendar file of one showtime, or undefined when its start is not known. */
export function showtimeIcs({ showtime, movie, theater, url, now, host }: ShowtimeCalendarInput): string | undefined {
  const start = showtime.startsAt ? new Date(showtime.startsAt) : undefined;
  if (!start || Number.isNaN(start.getTime())) return undefined;
  const end = new Date(start.getTime() + (movie?.runtimeMinutes || DEFAULT_MINUTES) * 60_000);
  const summary = [movie?.title, showtime.format].filter(Boolean).join(' · ');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${host}//showtimes//EN`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${showtime.id}@${host}`,
    `DTSTAMP:${icsDateTime(now)}`,
    `DTSTART:${icsDateTime(start)}`,
    `DTEND:${icsDateTime(end)}`,
    `SUMMARY:${icsText(summary)}`,
    `LOCATION:${icsText(address(theater))}`,
    `URL:${url}`,
    ...(showtime.auditorium ? [`DESCRIPTION:${icsText(`${movie?.title ?? ''} (${showtime.auditorium})`)}`] : []),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

export function calendarDataUrl(ics: string): string {
  return `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`;
}

/** "velocity-2026-11-23-1530.ics" */
export function calendarFileName(movie: Movie | undefined, showtime: Showtime): string {
  const name = (movie?.slug || 'showtime').replace(/[^a-z0-9-]/gi, '');
  const when = `${showtime.date ?? ''}-${(showtime.time ?? '').replace(':', '')}`.replace(/^-|-$/g, '');
  return `${[name, when].filter(Boolean).join('-')}.ics`;
}
