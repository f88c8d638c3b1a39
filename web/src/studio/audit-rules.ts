// How the studio reads a site's audit log and words it: the filters a staff member chooses
// (days, each from their own midnight) as the API's query, and an entry's time, action and
// changed fields as text. An action or a field this version does not know is shown as the
// API names it.
import { dateTimeFormat } from '@/rules/date-time-format';
import type { Translate } from '@/rules/format-message';
import { AUDIT_ACTIONS, type AuditChange, type AuditEntry, type AuditFilter, type StaffMember } from './api';

/**
 * The filter form's fields: GET /studio/api/v1/audit's `action` and `staffId`, and its
 * `from` and `to` as the days a date input gives (YYYY-MM-DD); '' for any.
 */
export type AuditFilterFields = { action: string; staffId: string; from: string; to: string };

export const NO_AUDIT_FILTER: AuditFilterFields = { action: '', staffId: '', from: '', to: '' };

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `time` as RFC 3339 in the browser's time zone, with its offset: "2026-12-03T00:00:00+01:00". */
export function localRfc3339(time: Date): string {
  const offset = -time.getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const hours = Math.floor(Math.abs(offset) / 60);
  const minutes = Math.abs(offset) % 60;
  const date = `${String(time.getFullYear()).padStart(4, '0')}-${twoDigits(time.getMonth() + 1)}-${twoDigits(time.getDate())}`;
  const clock = `${twoDigits(time.getHours())}:${twoDigits(time.getMinutes())}:${twoDigits(time.getSeconds())}`;
  return `${date}T${clock}${sign}${twoDigits(hours)}:${twoDigits(minutes)}`;
}

/**
 * The start of `day` (YYYY-MM-DD), `days` later, in the browser's time zone, as RFC 3339:
 * local midnight (or, where a clock change skips midnight, the day's first hour).
 * Undefined for anything but a day.
 */
export function dayStart(day: string, days = 0): string | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const [year, month, date] = match.slice(1).map(Number) as [number, number, number];
  if (month < 1 || month > 12 || date < 1 || date > 31) return undefined;
  // setFullYear, not the constructor, which reads the years 0 to 99 as 1900 to 1999.
  const start = new Date(2000, 0, 1);
  start.setFullYear(year, month - 1, date + days);
  start.setHours(0, 0, 0, 0);
  return localRfc3339(start);
}

/** The last day chosen comes before the first: no entry could match. */
export function endsBeforeItStarts({ from, to }: Pick<AuditFilterFields, 'from' | 'to'>): boolean {
  return DAY.test(from) && DAY.test(to) && to < from;
}

/**
 * The query of the site's audit log for the fields chosen: the first day from its start,
 * the last to its end (the next day's start, as `to` is exclusive); a field left empty
 * is left out, which reads every value.
 */
export function auditFilter(siteId: string, fields: AuditFilterFields): AuditFilter {
  const filter: AuditFilter = { siteId };
  const staffId = fields.staffId.trim();
  if (staffId) filter.staffId = staffId;
  if (fields.action) filter.action = fields.action;
  const from = dayStart(fields.from);
  if (from) filter.from = from;
  const to = dayStart(fields.to, 1);
  if (to) filter.to = to;
  return filter;
}

/** The message `key`, or `fallback` where the studio has none (t answers a missing key with the key). */
function messageOr(t: Translate, key: string, fallback: string): string {
  const text = t(key);
  return text === key ? fallback : text;
}

/** "Invitation sent" for `invitation.sent`; an action this version does not know, as named. */
export function auditActionName(t: Translate, action: string): string {
  return (AUDIT_ACTIONS as readonly string[]).includes(action) ? t(`studio.audit.action.${action}`) : action;
}

const TIME_FORMAT: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'medium' };

/** "Dec 3, 2026, 2:00:05 PM" in the staff member's language and time zone; the text as given for no time. */
export function auditTime(locale: string, at: string): string {
  const time = new Date(at);
  return Number.isNaN(time.getTime()) ? at : dateTimeFormat(locale, TIME_FORMAT).format(time);
}

/**
 * A changed field's value as text: none (null, or an empty text such as a public URL left to
 * the deployment's) as a dash, a list as its items, anything else as written.
 */
export function auditValue(t: Translate, value: unknown): string {
  if (value === null || value === undefined || value === '') return t('studio.audit.value.none');
  if (Array.isArray(value)) {
    return value.length === 0 ? t('studio.audit.value.emptyList') : value.map((item) => auditValue(t, item)).join(', ');
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** A changed field's `{"before", "after"}`, whatever the entry holds (a value alone: what it became). */
function beforeAndAfter(change: unknown): AuditChange {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) return { before: null, after: change };
  const { before = null, after = null } = change as Partial<AuditChange>;
  return { before, after };
}

/** Each changed field as a line, "Role: — → viewer", in the order the entry lists them. */
export function auditChangeLines(t: Translate, changes: AuditEntry['changes']): string[] {
  return Object.entries(changes).map(([field, change]) => {
    const { before, after } = beforeAndAfter(change);
    return t('studio.audit.change', {
      field: messageOr(t, `studio.audit.field.${field}`, field),
      before: auditValue(t, before),
      after: auditValue(t, after),
    });
  });
}

/** The staff members who made `entries`, each once, by name; `chosen` among them even when they made none. */
export function auditStaff(entries: readonly AuditEntry[], chosen?: StaffMember): StaffMember[] {
  const staff = new Map<string, StaffMember>();
  if (chosen) staff.set(chosen.id, chosen);
  for (const { staff: member } of entries) if (!staff.has(member.id)) staff.set(member.id, member);
  return [...staff.values()].sort((one, other) => one.name.localeCompare(other.name) || one.email.localeCompare(other.email));
}
