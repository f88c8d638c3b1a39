// The events screens' rules (docs/studio.md#page-blocks, its last paragraph; docs/ingest.md
// for the body): an event's form fields and the record PUT sends, the checks made before
// anything is sent (an id, a slug, a time, a picture or a booking link the site would
// refuse), the theaters and movies its form offers, and the field a refusal names.
import type { Translate } from '@/rules/format-message';
import { DRAFT_PAGE_STATES, type EventRecord, type StudioMovie, type StudioTheater } from './api';
import { imageSourceProblem, slugProblem } from './page-rules';

/**
 * The form's fields, the record's: `startsAt` and `unpublishAt` as a datetime-local input's
 * value, a day and time on the theater's clock; a movie, a slug, a picture or a booking
 * link not given are ''.
 */
export type EventFields = {
  id: string;
  title: string;
  slug: string;
  description: string;
  theaterId: string;
  movieId: string;
  startsAt: string;
  unpublishAt: string;
  image: string;
  bookingUrl: string;
};

/** A field of the form, by the name the API's refusals give it. */
export type EventFieldName = keyof EventFields;

const EVENT_FIELD_NAMES: readonly EventFieldName[] = [
  'id',
  'title',
  'slug',
  'description',
  'theaterId',
  'movieId',
  'startsAt',
  'unpublishAt',
  'image',
  'bookingUrl',
];

/** The longest id svc-catalogue keeps (its `record_id` check). */
export const EVENT_ID_MAX = 64;

/**
 * An event's id: lower-case letters and digits. svc-catalogue refuses a '-' in a record's
 * id, since the event's address on the site is `/events/{id}-{slug}/`, the id ending at
 * the first '-'.
 */
const EVENT_ID = /^[a-z0-9]+$/;

/** What is wrong with an id typed for a new event, if anything. */
export function eventIdProblem(id: string): 'missing' | 'invalid' | 'tooLong' | undefined {
  const value = id.trim();
  if (value === '') return 'missing';
  if (!EVENT_ID.test(value)) return 'invalid';
  return value.length > EVENT_ID_MAX ? 'tooLong' : undefined;
}

/** What is wrong with an event's slug, if anything: as with a page's (slugProblem), but optional ('' makes one of its title). */
export function eventSlugProblem(slug: string): 'invalid' | undefined {
  return slugProblem(slug) === 'invalid' ? 'invalid' : undefined;
}

/** A datetime-local input's value, to the minute, seconds optional. */
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * What is wrong with a day and time typed (a datetime-local input's value), if anything:
 * '' is `missing`; `invalid` is no such day or time (February 30th, 24:00).
 */
export function localDateTimeProblem(value: string): 'missing' | 'invalid' | undefined {
  if (value === '') return 'missing';
  const match = LOCAL_DATE_TIME.exec(value);
  if (!match) return 'invalid';
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part: string | undefined) => Number(part ?? '0')) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hours > 23 || minutes > 59 || seconds > 59) return 'invalid';
  // A day of that month: the UTC calendar has every day any zone has.
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? undefined : 'invalid';
}

/** The day and time an RFC 3339 date-time starts with, to the minute. */
const LOCAL_PART = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/**
 * An event's time as the API answers it (RFC 3339 with its theater's offset,
 * "2030-01-10T19:00:00-05:00") as a datetime-local input's value: its local part,
 * "2030-01-10T19:00", the day and time on the theater's clock, which is what the API reads
 * a local date-time as. Never converted to the browser's zone: the event is at the
 * theater. '' for none, or anything that is no such time.
 */
export function localDateTime(rfc3339: string | undefined): string {
  return LOCAL_PART.exec(rfc3339 ?? '')?.[0] ?? '';
}

/**
 * What is wrong with an event's picture (optional), if anything: `unsafe` for an address
 * that is neither a path on the site nor an https address, `format` for one that names no
 * JPEG, PNG, GIF or WebP file (svc-catalogue's `is_preview_image`).
 */
export function eventImageProblem(src: string): 'unsafe' | 'format' | undefined {
  const value = src.trim();
  if (value === '') return undefined;
  if (imageSourceProblem(value)) return 'unsafe';
  const path = value.split(/[?#]/)[0] ?? '';
  return /\.(?:jpe?g|png|gif|webp)$/i.test(path) ? undefined : 'format';
}

/** The longest address svc-catalogue keeps. */
const MAX_ADDRESS_CHARS = 2048;

/**
 * What is wrong with an event's booking link (optional: '' books with its theater's
 * ticketing), if anything: it is an https address with a host, as svc-catalogue checks,
 * and holds no space or control character (a `javascript:` link is refused, as any other).
 */
export function bookingUrlProblem(address: string): 'unsafe' | undefined {
  const value = address.trim();
  if (value === '') return undefined;
  const host = /^https:\/\/([^/?#]*)/.exec(value)?.[1] ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  const safe = host !== '' && !host.includes('@') && !/[\s\u0000-\u001f\u007f]/.test(value) && value.length <= MAX_ADDRESS_CHARS;
  return safe ? undefined : 'unsafe';
}

/** The form's fields as `event` fills them (a new event: all empty, at `theaterId` where one is chosen for it). */
export function eventFields(event: EventRecord | undefined, theaterId = ''): EventFields {
  return {
    id: event?.id ?? '',
    title: event?.title ?? '',
    slug: event?.slug ?? '',
    description: event?.description ?? '',
    theaterId: event?.theaterId ?? theaterId,
    movieId: event?.movieId ?? '',
    startsAt: localDateTime(event?.startsAt),
    unpublishAt: localDateTime(event?.unpublishAt),
    image: event?.image ?? '',
    bookingUrl: event?.bookingUrl ?? '',
  };
}

/**
 * The record PUT sends: the event whole, as the form has it, its optional fields left out
 * where they are empty (the API's default). Its times are sent as typed, a local day and
 * time, which the API reads on the theater's clock.
 */
export function eventRecord(fields: EventFields): EventRecord & { id: string } {
  const optional = (name: 'slug' | 'description' | 'movieId' | 'unpublishAt' | 'image' | 'bookingUrl') => {
    const value = fields[name].trim();
    return value ? { [name]: value } : {};
  };
  return {
    id: fields.id.trim(),
    title: fields.title.trim(),
    ...optional('slug'),
    ...optional('description'),
    theaterId: fields.theaterId,
    ...optional('movieId'),
    startsAt: fields.startsAt,
    ...optional('unpublishAt'),
    ...optional('image'),
    ...optional('bookingUrl'),
  };
}

/** The form's field a refusal names (`bookingUrl`, `startsAt`...), or undefined for one it has not. */
export function eventFieldAtFault(field: string | undefined): EventFieldName | undefined {
  return EVENT_FIELD_NAMES.find((name) => name === field);
}

/**
 * The theaters an event's form offers: the site's, in its order, those of `allowed` alone
 * (a theater manager's own; `every` for everyone else), and the event's own theater
 * (`current`) wherever it is not among them, named by its id (one the site no longer has).
 */
export function eventTheaterChoices(theaters: readonly StudioTheater[], allowed: 'every' | readonly string[], current: string): StudioTheater[] {
  const choices = allowed === 'every' ? [...theaters] : theaters.filter((theater) => allowed.includes(theater.id));
  if (current !== '' && !choices.some((theater) => theater.id === current)) {
    choices.push(theaters.find((theater) => theater.id === current) ?? { id: current, name: current });
  }
  return choices;
}

/** A movie as an event's form names it. */
export type EventMovie = Pick<StudioMovie, 'id' | 'title'>;

/** The movies an event's form offers: the site's, and the event's own (`current`), named by its id, where the site no longer has it. */
export function eventMovieChoices(movies: readonly EventMovie[], current: string): EventMovie[] {
  return current === '' || movies.some((movie) => movie.id === current) ? [...movies] : [...movies, { id: current, title: current }];
}

/** "Published", "Added in the draft"...: where an event stands; one a later version adds, as named. */
export function draftEventStateName(t: Translate, state: string): string {
  return (DRAFT_PAGE_STATES as readonly string[]).includes(state) ? t(`studio.events.state.${state}`) : state;
}
