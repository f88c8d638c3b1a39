import { describe, expect, it } from 'vitest';
import type { Showtime } from '@/types/api';
import { daySearch, groupByMovie, pickDate, showtimeDates } from './showtime-days';

const showtime = (id: string, movieId: string, theaterId: string, date: string, time: string): Showtime => ({
  id,
  movieId,
  theaterId,
  date,
  time,
});

const showtimes = [
  showtime('1', 'm2', 't1', '2026-11-23', '20:00'),
  showtime('2', 'm1', 't2', '2026-11-22', '18:00'),
  showtime('3', 'm1', 't1', '2026-11-22', '21:00'),
  showtime('4', 'm1', 't1', '2026-11-22', '12:00'),
  showtime('5', 'm9', 't1', '2026-11-22', '10:00'),
  showtime('6', 'm2', 't1', '2026-11-22', '15:00'),
];

describe('showtimeDates', () => {
  it('lists each date once, earliest first', () => {
    expect(showtimeDates(showtimes)).toEqual(['2026-11-22', '2026-11-23']);
  });
});

describe('pickDate', () => {
  it.each([
    ['2026-11-23', '2026-11-23'],
    ['2026-12-01', '2026-11-22'],
    [null, '2026-11-22'],
  ])('asked %j gives %s', (requested, expected) => {
    expect(pickDate(['2026-11-22', '2026-11-23'], requested)).toBe(expected);
  });

  it('gives nothing when there are no dates', () => {
    expect(pickDate([], '2026-11-22')).toBeUndefined();
  });
});

describe('daySearch', () => {
  const dates = ['2026-11-22', '2026-11-23', '2026-11-24'];
  it.each([
    ['', '2026-11-23', '?date=2026-11-23'],
    ['', '2026-11-22', ''],
    ['?date=2026-11-23', '2026-11-22', ''],
    ['?date=2026-11-23', '2026-11-24', '?date=2026-11-24'],
    ['?attribute=3d&date=2026-11-23&utm_source=mail', '2026-11-24', '?attribute=3d&date=2026-11-24&utm_source=mail'],
    ['?attribute=3d&date=2026-11-23', '2026-11-22', '?attribute=3d'],
    ['?attribute=3d&attribute=imax', '2026-11-23', '?attribute=3d&attribute=imax&date=2026-11-23'],
  ])('from %j, the page of %s is %j', (search, date, expected) => {
    expect(daySearch(search, dates, date)).toBe(expected);
  });
});

describe('groupByMovie', () => {
  it('orders movies as the site does, then theaters, then times', () => {
    const groups = groupByMovie(showtimes, '2026-11-22', ['m2', 'm1'], ['t1', 't2']);
    expect(groups.map((g) => [g.movieId, g.theaters.map((t) => [t.theaterId, t.showtimes.map((s) => s.id)])])).toEqual([
      ['m2', [['t1', ['6']]]],
      ['m1', [['t1', ['4', '3']], ['t2', ['2']]]],
      ['m9', [['t1', ['5']]]],
    ]);
  });
});
