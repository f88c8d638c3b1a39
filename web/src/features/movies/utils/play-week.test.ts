import { describe, expect, it } from 'vitest';
import type { Movie } from '@/types/api';
import { COMING_SOON_WEEKS, groupByPlayWeek, inPlayWeekOrder, isPlayWeek } from './play-week';

const movie = (id: string, playWeek?: Movie['playWeek']): Movie => ({ id, playWeek });

describe('groupByPlayWeek', () => {
  const movies = [
    movie('a', 'NEXT_PLAYWEEK_2'),
    movie('b', 'CURRENT_PLAYWEEK'),
    movie('c', 'NEXT_PLAYWEEK_UNDETERMINED'),
    movie('d', 'CURRENT_PLAYWEEK'),
    movie('e'),
  ];

  it('orders buckets soonest first and keeps the site order inside a bucket', () => {
    expect(groupByPlayWeek(movies).map((group) => [group.playWeek, group.movies.map((m) => m.id)])).toEqual([
      ['CURRENT_PLAYWEEK', ['b', 'd']],
      ['NEXT_PLAYWEEK_2', ['a']],
      ['NEXT_PLAYWEEK_UNDETERMINED', ['c']],
    ]);
  });

  it('limits to the weeks asked for', () => {
    expect(groupByPlayWeek(movies, COMING_SOON_WEEKS).map((group) => group.playWeek)).toEqual([
      'NEXT_PLAYWEEK_2',
      'NEXT_PLAYWEEK_UNDETERMINED',
    ]);
  });
});

describe('inPlayWeekOrder', () => {
  it('lists the movies of the weeks asked for in one run, soonest week first, the site order kept inside a week', () => {
    const movies = [
      movie('a', 'NEXT_PLAYWEEK_2'),
      movie('b', 'NEXT_PLAYWEEK_1'),
      movie('c', 'CURRENT_PLAYWEEK'),
      movie('d', 'NEXT_PLAYWEEK_UNDETERMINED'),
      movie('e', 'NEXT_PLAYWEEK_1'),
      movie('f'),
    ];
    expect(inPlayWeekOrder(movies, COMING_SOON_WEEKS).map((m) => m.id)).toEqual(['b', 'e', 'a', 'd']);
  });
});

describe('isPlayWeek', () => {
  it.each([
    ['CURRENT_PLAYWEEK', true],
    ['BEYOND_NEXT_PLAYWEEK_3', true],
    ['current_playweek', false],
    ['', false],
    [null, false],
  ])('%j: %s', (value, expected) => {
    expect(isPlayWeek(value)).toBe(expected);
  });
});
