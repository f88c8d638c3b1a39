// The theaters screens' rules (docs/studio.md#theaters): a theater's descriptive fields as
// its form has them and as PUT sends them (notes typed one a line, opening hours as lines of
// day checkboxes and two times), the checks made before anything is sent (a time, a time
// zone, a position, parking notes the server would refuse), the field a refusal names, and
// how a read-only role is shown them.
import type { Path } from 'react-hook-form';
import type { Translate } from '@/rules/format-message';
import { dateTimeFormat } from '@/rules/date-time-format';
import { isWeekDay, WEEK_DAYS, weekDayName, type WeekDay } from '@/rules/week-days';
import { StudioApiError, type OpeningHours, type TheaterAddress, type TheaterDetails } from './api';

/** The most lines of opening hours a theater has (svc-catalogue's). */
export const MAX_OPENING_HOURS = 14;

/** The most characters of a theater's parking notes (svc-catalogue's). */
export const MAX_PARKING_CHARS = 2000;

/** A line of opening hours as the form has it: a checkbox a day, and the two times as a time input gives them. */
export type OpeningHoursLine = { days: Record<WeekDay, boolean>; opens: string; closes: string };

/**
 * The form's fields, the API's: the address's parts ('' where not given), the notes one a
 * line, the position as typed (both '' where the theater is not placed).
 */
export type TheaterFields = {
  address: Required<TheaterAddress>;
  phone: string;
  email: string;
  description: string;
  openingHours: OpeningHoursLine[];
  parking: string;
  accessibility: string;
  amenities: string;
  timeZone: string;
  latitude: string;
  longitude: string;
};

/** A field of the form, as react-hook-form names it (`openingHours.2.closes`). */
export type TheaterFieldName = Path<TheaterFields>;

const ADDRESS_PARTS = ['street', 'city', 'state', 'zipCode', 'country'] as const;

/** A line of opening hours as the form has it; a new line's: no day, no times. */
export function openingHoursLine(hours?: OpeningHours): OpeningHoursLine {
  const named = new Set(hours?.days ?? []);
  const days = Object.fromEntries(WEEK_DAYS.map((day) => [day, named.has(day)])) as Record<WeekDay, boolean>;
  return { days, opens: hours?.opens ?? '', closes: hours?.closes ?? '' };
}

/**
 * A position as its field shows it: both '' where the theater is not placed (0 and 0, the
 * API's "none"), else each number as it is.
 */
function positionFields(latitude: number, longitude: number): { latitude: string; longitude: string } {
  if (latitude === 0 && longitude === 0) return { latitude: '', longitude: '' };
  return { latitude: String(latitude), longitude: String(longitude) };
}

/** The form's fields as the theater `details` fills them. */
export function theaterFields(details: TheaterDetails): TheaterFields {
  const address = details.address;
  return {
    address: {
      street: address?.street ?? '',
      city: address?.city ?? '',
      state: address?.state ?? '',
      zipCode: address?.zipCode ?? '',
      country: address?.country ?? '',
    },
    phone: details.phone ?? '',
    email: details.email ?? '',
    description: details.description ?? '',
    openingHours: (details.openingHours ?? []).map(openingHoursLine),
    parking: details.parking ?? '',
    accessibility: (details.accessibility ?? []).join('\n'),
    amenities: (details.amenities ?? []).join('\n'),
    timeZone: details.timeZone ?? '',
    ...positionFields(details.latitude ?? 0, details.longitude ?? 0),
  };
}

/** The notes of a text typed one a line: each line trimmed, empty ones dropped (as the server drops them). */
export function noteLines(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A time input's value (`HH:MM`, or with seconds where a browser adds them) as the API's `HH:MM`. */
export function clockTime(value: string): string {
  const match = /^(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?$/.exec(value.trim());
  return match?.[1] ?? value.trim();
}

/** A number typed, or 0 where nothing is (the API's "not placed"). */
function positionNumber(value: string): number {
  return value.trim() === '' ? 0 : Number(value.trim());
}

/**
 * The body PUT sends: every descriptive field, as the form has it (the theater's id and
 * name are the point of sale's, never sent). An address with no part given is none (null);
 * the notes are one a line; a line of opening hours names its days in the week's order.
 */
export function theaterDetailsBody(fields: TheaterFields): TheaterDetails {
  const address = Object.fromEntries(ADDRESS_PARTS.map((part) => [part, fields.address[part].trim()])) as Required<TheaterAddress>;
  return {
    address: ADDRESS_PARTS.some((part) => address[part] !== '') ? address : null,
    phone: fields.phone.trim(),
    email: fields.email.trim(),
    description: fields.description.trim(),
    amenities: noteLines(fields.amenities),
    accessibility: noteLines(fields.accessibility),
    parking: fields.parking.trim(),
    openingHours: fields.openingHours.map((line) => ({
      days: WEEK_DAYS.filter((day) => line.days[day]),
      opens: clockTime(line.opens),
      closes: clockTime(line.closes),
    })),
    timeZone: fields.timeZone.trim(),
    latitude: positionNumber(fields.latitude),
    longitude: positionNumber(fields.longitude),
  };
}

/** Whether a line of opening hours names a day at all. */
export function namesADay(line: Pick<OpeningHoursLine, 'days'> | undefined): boolean {
  return WEEK_DAYS.some((day) => line?.days[day] === true);
}

/** What is wrong with an opening or closing time, if anything: '' is `missing`; `invalid` is no such time on a 24-hour clock. */
export function clockTimeProblem(value: string): 'missing' | 'invalid' | undefined {
  if (value.trim() === '') return 'missing';
  const match = /^(\d{2}):(\d{2})$/.exec(clockTime(value));
  return match && Number(match[1]) < 24 && Number(match[2]) < 60 ? undefined : 'invalid';
}

/** Whether a line closes past midnight: its closing time is before its opening time (both `HH:MM`). */
export function closesNextDay(opens: string, closes: string): boolean {
  if (clockTimeProblem(opens) || clockTimeProblem(closes)) return false;
  return clockTime(closes) < clockTime(opens);
}

/** The characters of parking notes as sent (trimmed), counted as the server counts them: by code point, an emoji of two UTF-16 units being one. */
export function parkingChars(parking: string): number {
  return Array.from(parking.trim()).length;
}

/** What is wrong with parking notes, if anything: more characters than the server keeps. */
export function parkingProblem(parking: string): 'tooLong' | undefined {
  return parkingChars(parking) > MAX_PARKING_CHARS ? 'tooLong' : undefined;
}

/** What is wrong with an e-mail address (optional), if anything: it is no address at all. */
export function theaterEmailProblem(email: string): 'invalid' | undefined {
  const value = email.trim();
  return value === '' || /^[^\s@]+@[^\s@]+$/.test(value) ? undefined : 'invalid';
}

/**
 * What is wrong with a time zone (optional: '' is the site's), if anything: it is no zone
 * the browser knows (Intl's list is IANA's, as the server's is). The server has the last
 * word: a zone it refuses lands on the field.
 */
export function timeZoneProblem(zone: string): 'invalid' | undefined {
  const value = zone.trim();
  if (value === '') return undefined;
  // An offset ("+05:00") is a zone to Intl alone: the server takes names.
  if (!/^[A-Za-z]/.test(value)) return 'invalid';
  try {
    dateTimeFormat('en-US', { timeZone: value });
    return undefined;
  } catch {
    return 'invalid';
  }
}

/** A decimal number as typed: digits, a point, a sign. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * What is wrong with a latitude or longitude typed, beside the other, if anything: neither
 * is the theater not placed; one alone is `missing` the other; `invalid` is no number, or
 * one out of its range (-90 to 90, -180 to 180).
 */
export function positionProblem(
  value: string,
  other: string,
  axis: 'latitude' | 'longitude',
): 'missing' | 'invalid' | undefined {
  const typed = value.trim();
  if (typed === '') return other.trim() === '' ? undefined : 'missing';
  if (!DECIMAL.test(typed)) return 'invalid';
  const limit = axis === 'latitude' ? 90 : 180;
  return Math.abs(Number(typed)) <= limit ? undefined : 'invalid';
}

const SAME_NAMED: readonly TheaterFieldName[] = ['phone', 'email', 'description', 'parking', 'timeZone', 'latitude', 'longitude'];

/**
 * The form's field the server's `field` names, where the refusal is said and which takes
 * the focus: `openingHours[2].closes` is line 3's closing time; `openingHours[2].days` (or
 * one of them) is its days, said at its first (Monday: a field of the form, which a
 * save checks again); `amenities[1]` is the amenities; `address` is its street. Undefined
 * for a field the form has not (a line past the form's `lines`, the opening hours as a
 * whole): said on the page.
 */
export function theaterFieldAtFault(field: string | null | undefined, lines: number): TheaterFieldName | undefined {
  if (!field) return undefined;
  const same = SAME_NAMED.find((name) => name === field);
  if (same) return same;
  const notes = /^(amenities|accessibility)(?:\[\d+\])?$/.exec(field)?.[1];
  if (notes === 'amenities' || notes === 'accessibility') return notes;
  if (field === 'address') return 'address.street';
  const part = ADDRESS_PARTS.find((name) => field === `address.${name}`);
  if (part) return `address.${part}`;
  const hours = /^openingHours\[(\d+)\](?:\.(days|opens|closes))?/.exec(field);
  if (!hours) return undefined;
  const line = Number(hours[1]);
  if (line >= lines) return undefined;
  const name = hours[2];
  return name === 'opens' || name === 'closes' ? `openingHours.${line}.${name}` : `openingHours.${line}.days.${WEEK_DAYS[0]}`;
}

/** The form's field a refused save (400, 422) of `lines` lines of opening hours names, if the form has it. */
export function refusedTheaterField(error: unknown, lines: number): TheaterFieldName | undefined {
  if (!(error instanceof StudioApiError) || (error.status !== 400 && error.status !== 422)) return undefined;
  return theaterFieldAtFault(error.field, lines);
}

/**
 * The names of the fields `errors` (react-hook-form's, nested as the form's fields are)
 * holds an error for: `openingHours.2.opens`, `parking`. The form gives the focus to the
 * first of them in the page's order, which a line of opening hours added since the form
 * opened is not in among the names react-hook-form knows.
 */
export function invalidFieldNames(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, error]: [string, unknown]) => {
    if (error === null || typeof error !== 'object') return [];
    const name = `${prefix}${key}`;
    return 'type' in error && typeof error.type === 'string' ? [name] : invalidFieldNames(error, `${name}.`);
  });
}

/** The days of a line as a sentence names them, in the week's order: "Monday, Tuesday and Friday"; a day the API does not name, as named. */
export function openingDaysText(locale: string, days: readonly string[]): string {
  const known = WEEK_DAYS.filter((day) => days.includes(day)).map((day) => weekDayName(locale, day));
  const others = days.filter((day) => !isWeekDay(day));
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format([...known, ...others]);
}

/** A line of opening hours as a read-only role reads it: "Friday and Saturday: 10:00 to 01:30 the next day". */
export function openingHoursText(t: Translate, hours: OpeningHours): string {
  const opens = hours.opens ?? '';
  const closes = hours.closes ?? '';
  const key = closesNextDay(opens, closes) ? 'studio.theater.hours.text.nextDay' : 'studio.theater.hours.text';
  return t(key, { days: openingDaysText(t.locale, hours.days ?? []), opens, closes });
}

/** An address as its lines are read, the parts given alone: street; city, state and ZIP code; country. */
export function addressLines(address: TheaterAddress | null | undefined): string[] {
  if (!address) return [];
  const town = [address.city, [address.state, address.zipCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [address.street ?? '', town, address.country ?? ''].map((line) => line.trim()).filter((line) => line !== '');
}

/** "Published", "Changed in the draft": where a theater stands; one a later version adds, as named. */
export function draftTheaterStateName(t: Translate, state: string): string {
  return state === 'published' || state === 'changed' ? t(`studio.theaters.state.${state}`) : state;
}
