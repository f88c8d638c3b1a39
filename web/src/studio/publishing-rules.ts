// How the studio reads and words a site's draft and history: a record the draft changes
// and the screen it is changed on, a revision's short id, their times, and the day and
// time a staff member picks to publish at (on their own clock, as a datetime-local input
// gives it) as the RFC 3339 instant the API takes. A kind of record this version does not
// know is shown as named.
import { dateTimeFormat } from '@/rules/date-time-format';
import type { Translate } from '@/rules/format-message';
import type { DraftChange } from './api';
import { localRfc3339 } from './audit-rules';
import { studioPaths } from './paths';

/** "2026-12-05T14:30", seconds optional: a datetime-local input's value. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The day and time `local` names on the staff member's clock ("2026-12-05T14:30") as RFC
 * 3339 with the browser's offset ("2026-12-05T14:30:00+01:00"); where a clock change skips
 * that time, the time the clock shows an hour on. Undefined for anything but such a time,
 * or one that is no day (February 30th).
 */
export function publishInstant(local: string): string | undefined {
  const match = LOCAL_TIME.exec(local);
  if (!match) return undefined;
  // The seconds' group is undefined where they were left out.
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part: string | undefined) => Number(part ?? '0')) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return undefined;
  // setFullYear, not the constructor, which reads the years 0 to 99 as 1900 to 1999.
  const time = new Date(2000, 0, 1);
  time.setFullYear(year, month - 1, day);
  if (time.getMonth() !== month - 1 || time.getDate() !== day) return undefined;
  time.setHours(hours, minutes, seconds, 0);
  return localRfc3339(time);
}

/** Whether the RFC 3339 `instant` comes after `now`: a publishing time still to come. */
export function isStillToCome(instant: string, now: Date = new Date()): boolean {
  const time = new Date(instant).getTime();
  return !Number.isNaN(time) && time > now.getTime();
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `time` as a datetime-local input's value, to the minute, on the browser's clock: its `min`. */
export function localInputValue(time: Date): string {
  const date = `${String(time.getFullYear()).padStart(4, '0')}-${twoDigits(time.getMonth() + 1)}-${twoDigits(time.getDate())}`;
  return `${date}T${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}`;
}

/** The browser's time zone ("Europe/Paris"), which a time picked to publish at is on. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/**
 * "The site's settings and look", "Page “about”", "Event “42”", "Theater “Marquee
 * Riverfront”" (by `name`, the theater's, where it is known; else "Theater “101”"); a kind
 * this version does not know, as named.
 */
export function draftChangeName(t: Translate, change: Pick<DraftChange, 'kind' | 'id'>, name?: string): string {
  if (change.kind === 'site') return t('studio.draft.kind.site');
  if (change.kind === 'page' || change.kind === 'event') return t(`studio.draft.kind.${change.kind}`, { id: change.id });
  if (change.kind === 'theater') {
    const named = name?.trim();
    return named ? t('studio.draft.kind.theater.named', { name: named }) : t('studio.draft.kind.theater', { id: change.id });
  }
  return `${change.kind} ${change.id}`.trim();
}

/**
 * The screen of a record the draft changes, where it is changed: a page's, an event's (none
 * for one the draft removes: there is nothing left to open), a theater's (the draft never
 * removes one). None for the site's document, whose fields several screens change, or a
 * kind this version does not know.
 */
export function draftChangePath(siteId: string, change: Pick<DraftChange, 'kind' | 'id' | 'removed'>): string | undefined {
  if (change.kind === 'theater') return studioPaths.siteTheater.build(siteId, change.id);
  if (change.removed) return undefined;
  if (change.kind === 'page') return studioPaths.sitePage.build(siteId, change.id);
  if (change.kind === 'event') return studioPaths.siteEvent.build(siteId, change.id);
  return undefined;
}

/** A revision's first eight characters, enough to tell the site's revisions apart (its id is 24). */
export function shortRevision(revision: string): string {
  return revision.slice(0, 8);
}

const CHANGE_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' };

/**
 * "Dec 3, 2026, 2:05 PM": when a record was changed, a revision published or an ingest key
 * made, in the staff member's language and time zone.
 */
export function changeTime(locale: string, at: string): string {
  const time = new Date(at);
  return Number.isNaN(time.getTime()) ? at : dateTimeFormat(locale, CHANGE_FORMAT).format(time);
}

const SCHEDULE_FORMAT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * "December 5, 2026 at 2:00 PM GMT+1": when the draft is to be published, with the zone
 * named (a colleague may have set it from another one).
 */
export function scheduleTime(locale: string, at: string): string {
  const time = new Date(at);
  return Number.isNaN(time.getTime()) ? at : dateTimeFormat(locale, SCHEDULE_FORMAT).format(time);
}
