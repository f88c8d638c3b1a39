import { describe, expect, it } from 'vitest';
import type { Showtime } from '@/types/api';
import { formatShowDate, formatShowTime } from './format-showtime';
import { groupShowtimesByDay } from './group-showtimes';

const showtime = (id: string, date: string, time: string, theaterId: string): Showtime => ({
  id,
  date,
  time,
  theaterId,
});

describe('groupShowtimesByDay', () => {
  it('groups by day, then theater in site order, times ascending', () => {
    const days = groupShowtimesByDay(
      [
        showtime('1', '2026-11-23', '21:00', 't2'),
        showtime('2', '2026-11-22', '19:30', 't1'),
        showtime('3', '2026-11-22', '13:00', 't2'),
        showtime('4', '2026-11-22', '10:15', 't1'),
      ],
      ['t1', 't2'],
    );
    expect(
      days.map((day) => [day.date, day.theaters.map((t) => [t.theaterId, t.showtimes.map((s) => s.id)])]),
    ).toEqual([
      ['2026-11-22', [['t1', ['4', '2']], ['t2', ['3']]]],
      ['2026-11-23', [['t2', ['1']]]],
    ]);
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
    expect(formatShowTime(time, locale).replace(/\u202f/g, ' ')).toBe(expected);
  });
});
