import { describe, expect, it } from 'vitest';
import type { Showtime } from '@/types/api';
import { formatClockTime } from '@/rules/date-time-format';
import { formatShowDate } from './format-showtime';
import { groupShowtimesByDay } from './group-showtimes';

const showtime = (id: string, date: string, time: string, theaterId: string): Showtime => ({
  id,
  date,
  time,
  theaterId,
});

/** Each day's theaters, each with the ids of its showtimes. */
const grouped = (showtimes: Showtime[], theaterOrder: string[]) =>
  groupShowtimesByDay(showtimes, theaterOrder).map((day) => [
    day.date,
    day.theaters.map((t) => [t.theaterId, t.showtimes.map((s) => s.id)]),
  ]);

describe('groupShowtimesByDay', () => {
  it.each<[string, Showtime[], string[], ReturnType<typeof grouped>]>([
    [
      'groups by day, then theater in site order, times ascending',
      [
        showtime('1', '2026-11-23', '21:00', 't2'),
        showtime('2', '2026-11-22', '19:30', 't1'),
        showtime('3', '2026-11-22', '13:00', 't2'),
        showtime('4', '2026-11-22', '10:15', 't1'),
      ],
      ['t1', 't2'],
      [
        ['2026-11-22', [['t1', ['4', '2']], ['t2', ['3']]]],
        ['2026-11-23', [['t2', ['1']]]],
      ],
    ],
    [
      'keeps each theater the site does not list in one group, after those it does',
      [
        showtime('1', '2026-11-22', '10:00', 'x2'),
        showtime('2', '2026-11-22', '11:00', 'x1'),
        showtime('3', '2026-11-22', '12:00', 'x2'),
        showtime('4', '2026-11-22', '13:00', 't1'),
      ],
      ['t1'],
      [['2026-11-22', [['t1', ['4']], ['x1', ['2']], ['x2', ['1', '3']]]]],
    ],
  ])('%s', (_, showtimes, theaterOrder, expected) => {
    expect(grouped(showtimes, theaterOrder)).toEqual(expected);
  });

  it('is empty for no showtimes', () => {
    expect(groupShowtimesByDay([])).toEqual([]);
  });
});

describe('formatting', () => {
  it('formats a local date without shifting it into the visitor zone', () => {
    expect(formatShowDate('2026-11-27', 'en-US')).toBe('Fri, Nov 27');
  });

  it.each([
    ['19:30', 'en-US', '7:30 PM'],
    ['00:05', 'en-US', '12:05 AM'],
    ['19:30', 'fr-FR', '19:30'],
    ['late', 'en-US', 'late'],
  ])('formats %s in %s as %s', (time, locale, expected) => {
    expect(formatClockTime(time, locale).replace(/\u202f/g, ' ')).toBe(expected);
  });
});
