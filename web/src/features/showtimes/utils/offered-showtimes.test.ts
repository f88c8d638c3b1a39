import { describe, expect, it } from 'vitest';
import type { Showtime } from '@/types/api';
import { isBookable, isOffered, offeredShowtimes } from './offered-showtimes';

const at = (instant: string) => Date.parse(instant);
const showtime: Showtime = { id: 's1', startsAt: '2026-11-25T19:30:00-05:00' };

describe('isOffered', () => {
  it.each<[string, Showtime, number | undefined, number, boolean]>([
    ['before its start', showtime, at('2026-11-25T19:00:00-05:00'), 10, true],
    ['within the grace', showtime, at('2026-11-25T19:39:59-05:00'), 10, true],
    ['at the end of the grace', showtime, at('2026-11-25T19:40:00-05:00'), 10, false],
    ['after the grace', showtime, at('2026-11-25T21:00:00-05:00'), 10, false],
    ['at its start with no grace', showtime, at('2026-11-26T00:30:00Z'), 0, false],
    ['in another zone, before its start', showtime, at('2026-11-26T00:25:00Z'), 0, true],
    ['marked started, before the clock says so', { ...showtime, started: true }, at('2026-11-25T19:00:00-05:00'), 10, false],
    ['with no clock (server render, hydration)', showtime, undefined, 10, true],
    ['marked started, with no clock', { ...showtime, started: true }, undefined, 10, false],
    ['with no start', { id: 's2' }, at('2026-11-25T21:00:00-05:00'), 10, true],
    ['with a start that cannot be read', { id: 's3', startsAt: 'soon' }, at('2026-11-25T21:00:00-05:00'), 10, true],
  ])('%s: %s', (_, candidate, now, grace, expected) => {
    expect(isOffered(candidate, now, grace)).toBe(expected);
  });
});

describe('offeredShowtimes', () => {
  it('keeps those still offered, in their order', () => {
    const showtimes = [
      { id: 'late', startsAt: '2026-11-25T21:00:00-05:00' },
      { id: 'gone', startsAt: '2026-11-25T18:00:00-05:00' },
      { id: 'now', startsAt: '2026-11-25T19:30:00-05:00' },
    ];
    const offered = offeredShowtimes(showtimes, at('2026-11-25T19:35:00-05:00'), 10);
    expect(offered.map((entry) => entry.id)).toEqual(['late', 'now']);
  });
});

describe('isBookable', () => {
  it.each<[Showtime, boolean]>([
    [{ id: 'a', availability: 'available', ticketingUrl: 'https://tickets.example/book?perfcode=1' }, true],
    [{ id: 'b', availability: 'selling-fast', ticketingUrl: 'https://tickets.example/book?perfcode=2' }, true],
    [{ id: 'c', availability: 'sold-out', ticketingUrl: 'https://tickets.example/book?perfcode=3' }, false],
    [{ id: 'd', availability: 'available' }, false],
  ])('%j: %s', (candidate, expected) => {
    expect(isBookable(candidate)).toBe(expected);
  });
});
