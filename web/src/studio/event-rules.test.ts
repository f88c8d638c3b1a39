import { describe, expect, it } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import {
  bookingUrlProblem,
  draftEventStateName,
  eventFieldAtFault,
  eventFields,
  eventIdProblem,
  eventImageProblem,
  eventMovieChoices,
  eventRecord,
  eventSlugProblem,
  eventTheaterChoices,
  localDateTime,
  localDateTimeProblem,
  type EventFields,
} from './event-rules';
import { en } from './messages/en';

const t = createTranslate('en', en);

describe("a new event's id", () => {
  it.each([
    ['silentnight', undefined],
    ['2030gala', undefined],
    ['  silentnight  ', undefined],
    ['a'.repeat(64), undefined],
    ['a'.repeat(65), 'tooLong'],
    ['', 'missing'],
    ['   ', 'missing'],
    // The site's address of an event is /events/{id}-{slug}/: svc-catalogue refuses a '-' in the id.
    ['silent-night', 'invalid'],
    ['Silent', 'invalid'],
    ['silent night', 'invalid'],
    ['silent_night', 'invalid'],
    ['café', 'invalid'],
    ['a/b', 'invalid'],
  ])('%j is %s', (id, problem) => {
    expect(eventIdProblem(id)).toBe(problem);
  });
});

describe("an event's slug", () => {
  // A page's slug otherwise (page-rules.test.ts): lower-case letters, digits and '-'.
  it.each([
    ['', undefined],
    ['   ', undefined],
    ['silent-film-night', undefined],
    ['Silent', 'invalid'],
  ])('%j is %s', (slug, problem) => {
    expect(eventSlugProblem(slug)).toBe(problem);
  });
});

describe('a day and time typed, on the theater’s clock', () => {
  it.each([
    ['2030-01-10T19:00', undefined],
    ['2030-01-10T19:00:30', undefined],
    ['2028-02-29T00:00', undefined],
    ['', 'missing'],
    ['2030-02-30T19:00', 'invalid'],
    ['2029-02-29T19:00', 'invalid'],
    ['2030-13-01T19:00', 'invalid'],
    ['2030-01-10T24:00', 'invalid'],
    ['2030-01-10T19:60', 'invalid'],
    ['2030-01-10 19:00', 'invalid'],
    ['2030-01-10T19:00:00-05:00', 'invalid'],
    ['tomorrow', 'invalid'],
  ])('%j is %s', (value, problem) => {
    expect(localDateTimeProblem(value)).toBe(problem);
  });
});

describe('an event’s time as the API answers it, in a datetime-local input', () => {
  it.each([
    // The theater's clock, never the browser's: the local part of the answer as it is.
    ['2030-01-10T19:00:00-05:00', '2030-01-10T19:00'],
    ['2030-07-01T23:30:00+10:00', '2030-07-01T23:30'],
    ['2030-01-10T19:00:45.5+01:00', '2030-01-10T19:00'],
    ['2030-01-10T19:00', '2030-01-10T19:00'],
    ['', ''],
    [undefined, ''],
    ['2030-01-10', ''],
    ['soon', ''],
  ])('%j shows as %j', (answered, shown) => {
    expect(localDateTime(answered)).toBe(shown);
  });
});

describe("an event's picture", () => {
  it.each([
    ['', undefined],
    ['/media/0123456789abcdef.jpg', undefined],
    ['/posters/gala.PNG', undefined],
    ['https://images.example.org/organ.webp?v=2', undefined],
    ['https://images.example.org/organ.jpeg#top', undefined],
    ['/media/organ.svg', 'format'],
    ['https://images.example.org/organ', 'format'],
    ['http://images.example.org/organ.jpg', 'unsafe'],
    ['//images.example.org/organ.jpg', 'unsafe'],
    ['javascript:alert(1)', 'unsafe'],
    ['data:image/png;base64,AAAA', 'unsafe'],
  ])('%j is %s', (src, problem) => {
    expect(eventImageProblem(src)).toBe(problem);
  });
});

describe("an event's booking link", () => {
  it.each([
    ['', undefined],
    ['https://tickets.example.org/silent-film-night', undefined],
    ['https://tickets.example.org', undefined],
    ['https://tickets.example.org/?event=42#seats', undefined],
    ['javascript:alert(1)', 'unsafe'],
    ['http://tickets.example.org/', 'unsafe'],
    ['https://', 'unsafe'],
    ['https:///path', 'unsafe'],
    ['https://user@tickets.example.org/', 'unsafe'],
    ['https://tickets.example.org/a b', 'unsafe'],
    ['https://tickets.example.org/\u0000', 'unsafe'],
    ['/tickets/', 'unsafe'],
    ['mailto:box@example.org', 'unsafe'],
    [`https://tickets.example.org/${'a'.repeat(2048)}`, 'unsafe'],
  ])('%j is %s', (address, problem) => {
    expect(bookingUrlProblem(address)).toBe(problem);
  });
});

const silentNight: EventFields = {
  id: 'silentnight',
  title: '  Silent film night ',
  slug: '',
  description: 'With a live organ.\n\nDoors at 6.',
  theaterId: '101',
  movieId: '',
  startsAt: '2030-01-10T19:00',
  unpublishAt: '',
  image: ' /media/0123456789abcdef.jpg ',
  bookingUrl: '',
};

describe('the event PUT sends', () => {
  it('is the form whole, its times as typed, its optional fields left out where empty', () => {
    expect(eventRecord(silentNight)).toEqual({
      id: 'silentnight',
      title: 'Silent film night',
      description: 'With a live organ.\n\nDoors at 6.',
      theaterId: '101',
      startsAt: '2030-01-10T19:00',
      image: '/media/0123456789abcdef.jpg',
    });
  });

  it('carries every field given', () => {
    expect(
      eventRecord({
        ...silentNight,
        slug: 'silent',
        movieId: '1001',
        unpublishAt: '2030-01-11T00:00',
        bookingUrl: 'https://tickets.example.org/silent',
      }),
    ).toEqual({
      id: 'silentnight',
      title: 'Silent film night',
      slug: 'silent',
      description: 'With a live organ.\n\nDoors at 6.',
      theaterId: '101',
      movieId: '1001',
      startsAt: '2030-01-10T19:00',
      unpublishAt: '2030-01-11T00:00',
      image: '/media/0123456789abcdef.jpg',
      bookingUrl: 'https://tickets.example.org/silent',
    });
  });
});

describe("the form's fields", () => {
  it('are the event as the API answers it, its times on the theater’s clock', () => {
    expect(
      eventFields({
        id: 'silentnight',
        title: 'Silent film night',
        theaterId: '101',
        startsAt: '2030-01-10T19:00:00-05:00',
        unpublishAt: '2030-01-11T00:00:00-05:00',
        bookingUrl: 'https://tickets.example.org/silent',
      }),
    ).toEqual({
      id: 'silentnight',
      title: 'Silent film night',
      slug: '',
      description: '',
      theaterId: '101',
      movieId: '',
      startsAt: '2030-01-10T19:00',
      unpublishAt: '2030-01-11T00:00',
      image: '',
      bookingUrl: 'https://tickets.example.org/silent',
    });
  });

  it('are empty for a new event, at the theater given', () => {
    expect(eventFields(undefined, '201')).toEqual({ ...eventFields(undefined), theaterId: '201' });
    expect(Object.values(eventFields(undefined)).every((value) => value === '')).toBe(true);
  });
});

describe('the field a refusal names', () => {
  it.each([
    ['bookingUrl', 'bookingUrl'],
    ['startsAt', 'startsAt'],
    ['theaterId', 'theaterId'],
    ['id', 'id'],
    ['showtimes[3].startsAt', undefined],
    ['event', undefined],
    [undefined, undefined],
  ])('%j is the form’s %j', (field, name) => {
    expect(eventFieldAtFault(field)).toBe(name);
  });
});

const theaters = [
  { id: '101', name: 'Marquee Downtown' },
  { id: '102', name: 'Marquee Riverside' },
  { id: '103', name: 'Marquee Uptown' },
];

describe('the theaters an event’s form offers', () => {
  it.each([
    ['every theater', 'every' as const, '', ['101', '102', '103']],
    ["a theater manager's own", ['102', '103'], '', ['102', '103']],
    ["a theater manager's own, in the site's order", ['103', '101'], '102', ['101', '103', '102']],
    ['one the site no longer has, by its id', 'every' as const, '999', ['101', '102', '103', '999']],
    ['none of a theater the site does not have', ['999'], '', []],
  ])('%s', (_what, allowed, current, ids) => {
    expect(eventTheaterChoices(theaters, allowed, current).map((theater) => theater.id)).toEqual(ids);
  });

  it('names a theater the site no longer has by its id', () => {
    expect(eventTheaterChoices(theaters, 'every', '999').at(-1)).toEqual({ id: '999', name: '999' });
  });
});

describe('the movies an event’s form offers', () => {
  const movies = [{ id: '1001', title: 'The Long Night' }];
  it.each([
    ['', movies],
    ['1001', movies],
    ['1002', [...movies, { id: '1002', title: '1002' }]],
  ])('for an event showing %j', (current, choices) => {
    expect(eventMovieChoices(movies, current)).toEqual(choices);
  });
});

describe('where an event stands in the draft', () => {
  it.each([
    ['published', 'Published'],
    ['added', 'Added in the draft'],
    ['changed', 'Changed in the draft'],
    ['removed', 'Removed in the draft'],
    ['archived', 'archived'],
  ])('%s is said %j', (state, words) => {
    expect(draftEventStateName(t, state)).toBe(words);
  });
});
