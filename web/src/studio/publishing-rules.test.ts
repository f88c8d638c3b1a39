import { describe, expect, it } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import { draftChangeName, draftChangePath, isStillToCome, localInputValue, publishInstant, shortRevision } from './publishing-rules';
import { en } from './messages/en';

const t = createTranslate('en', en);

/** The browser's offset at that local time, as RFC 3339 writes it. */
function offsetAt(year: number, month: number, day: number, hours: number, minutes: number): string {
  const offset = -new Date(year, month - 1, day, hours, minutes).getTimezoneOffset();
  const sign = offset < 0 ? '-' : '+';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
}

describe('the time a staff member picks to publish at', () => {
  it.each([
    ['2031-12-05T14:30', `2031-12-05T14:30:00${offsetAt(2031, 12, 5, 14, 30)}`],
    ['2031-06-15T09:05:42', `2031-06-15T09:05:42${offsetAt(2031, 6, 15, 9, 5)}`],
    ['2032-02-29T00:00', `2032-02-29T00:00:00${offsetAt(2032, 2, 29, 0, 0)}`],
  ])('%s on their clock is %s', (local, instant) => {
    expect(publishInstant(local)).toBe(instant);
    expect(new Date(publishInstant(local) ?? '').getTime()).toBe(new Date(local).getTime());
  });

  it.each(['', '2031-12-05', '2031-12-05 14:30', '2031-13-01T10:00', '2031-02-30T10:00', '2031-12-05T24:00', 'soon'])(
    'is no time for %j',
    (local) => {
      expect(publishInstant(local)).toBeUndefined();
    },
  );

  it('is still to come only after now', () => {
    const now = new Date('2026-12-03T14:00:00Z');
    expect(isStillToCome('2026-12-03T14:00:01Z', now)).toBe(true);
    expect(isStillToCome('2026-12-03T15:00:00+01:00', now)).toBe(false);
    expect(isStillToCome('not a time', now)).toBe(false);
  });

  it("is offered from the minute it is on the browser's clock", () => {
    expect(localInputValue(new Date(2031, 0, 2, 3, 4, 59))).toBe('2031-01-02T03:04');
  });
});

describe("how the studio names a draft's records and revisions", () => {
  it.each([
    [{ kind: 'site', id: '' }, "The site's settings and look"],
    [{ kind: 'page', id: 'about' }, 'Page “about”'],
    [{ kind: 'event', id: '42' }, 'Event “42”'],
    [{ kind: 'theater', id: '101' }, 'Theater “101”'],
    [{ kind: 'movie', id: 'tt0111161' }, 'movie tt0111161'],
  ])('%j is %j', (change, name) => {
    expect(draftChangeName(t, change)).toBe(name);
  });

  it('names a theater by its name where it is known', () => {
    expect(draftChangeName(t, { kind: 'theater', id: '101' }, 'Marquee Riverfront')).toBe('Theater “Marquee Riverfront”');
    expect(draftChangeName(t, { kind: 'theater', id: '101' }, '  ')).toBe('Theater “101”');
    // A name is a theater's alone.
    expect(draftChangeName(t, { kind: 'page', id: 'about' }, 'About us')).toBe('Page “about”');
  });

  it.each([
    [{ kind: 'theater', id: '101', removed: false }, '/sites/demo/theaters/101'],
    [{ kind: 'page', id: 'about', removed: false }, '/sites/demo/pages/about'],
    [{ kind: 'event', id: 'silent night', removed: false }, '/sites/demo/events/silent%20night'],
    [{ kind: 'page', id: 'about', removed: true }, undefined],
    [{ kind: 'event', id: '42', removed: true }, undefined],
    [{ kind: 'site', id: '', removed: false }, undefined],
    [{ kind: 'movie', id: 'tt0111161', removed: false }, undefined],
  ])('opens %j on the screen %j', (change, path) => {
    expect(draftChangePath('demo', change)).toBe(path);
  });

  it('shortens a revision to its first eight characters', () => {
    expect(shortRevision('3f9a0c1e2b7d4a5c6e8f9012')).toBe('3f9a0c1e');
  });
});
