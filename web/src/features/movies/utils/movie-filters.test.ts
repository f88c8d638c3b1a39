import { describe, expect, it } from 'vitest';
import type { Movie, Showtime } from '@/types/api';
import { applyMovieFilters, hasNarrowingFilter, readMovieListFilters } from './movie-filters';

describe('readMovieListFilters', () => {
  it.each([
    ['', {}],
    ['?playWeek=CURRENT_PLAYWEEK', { playWeek: 'CURRENT_PLAYWEEK' }],
    ['?playWeek=LAST_YEAR', {}],
    ['?theaterId=101&date=2026-11-23', { theaterId: '101', date: '2026-11-23' }],
    ['?date=tomorrow', {}],
    ['?attribute=Format.Sound.Dubbed', { attribute: 'Format.Sound.Dubbed' }],
    ['?attribute=Format.Sound.Loud', {}],
    ['?theaterId=101&theaterId=102', {}],
    ['?utm_source=mail&playWeek=NEXT_PLAYWEEK_1', { playWeek: 'NEXT_PLAYWEEK_1' }],
  ])('%s', (search, expected) => {
    expect(readMovieListFilters(search)).toEqual(expected);
  });
});

describe('applyMovieFilters', () => {
  const movies: Movie[] = [
    { id: '1', attributes: [] },
    { id: '2', attributes: ['Localization.Version.Original'] },
    { id: '3', attributes: ['Format.Sound.Dubbed'] },
    { id: '4' },
  ];
  const showtimes: Showtime[] = [
    { id: 'a', movieId: '1', date: '2026-11-23' },
    { id: 'b', movieId: '2', date: '2026-11-23' },
    { id: 'c', movieId: '3', date: '2026-11-24' },
  ];

  it.each([
    [{}, ['1', '2', '3', '4']],
    [{ attribute: 'Localization.Version.Original' as const }, ['2']],
    [{ attribute: 'Format.Sound.Dubbed' as const }, ['3']],
    [{ date: '2026-11-23' }, ['1', '2']],
    [{ date: '2026-11-24', attribute: 'Format.Sound.Dubbed' as const }, ['3']],
    [{ date: '2026-11-25' }, []],
  ])('%j', (filters, expected) => {
    expect(applyMovieFilters(movies, filters, showtimes).map((movie) => movie.id)).toEqual(expected);
  });

  it('shows nothing for a day while the showtimes are unknown', () => {
    expect(applyMovieFilters(movies, { date: '2026-11-23' }, undefined)).toEqual([]);
  });
});

describe('hasNarrowingFilter', () => {
  it.each([
    [{}, false],
    [{ playWeek: 'CURRENT_PLAYWEEK' as const }, false],
    [{ theaterId: '101' }, true],
    [{ date: '2026-11-23' }, true],
    [{ attribute: 'Format.Sound.Dubbed' as const }, true],
  ])('%j: %s', (filters, expected) => {
    expect(hasNarrowingFilter(filters)).toBe(expected);
  });
});
