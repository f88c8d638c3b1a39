import { describe, expect, it } from 'vitest';
import type { Movie } from '@/types/api';
import { heroMovies } from './hero-movies';

const movie = (id: string) => ({ id }) as Movie;

describe('heroMovies', () => {
  const [a, b, c, soon] = [movie('a'), movie('b'), movie('c'), movie('soon')];
  const all = [a, b, c, soon];
  const nowShowing = [a, b, c];

  it('offers the movies now showing when none is featured', () => {
    expect(heroMovies(all, nowShowing, undefined, 2)).toEqual([a, b]);
    expect(heroMovies(all, nowShowing, '', 5)).toEqual([a, b, c]);
  });

  it('puts the featured movie first, once, coming soon too', () => {
    expect(heroMovies(all, nowShowing, 'c', 5)).toEqual([c, a, b]);
    expect(heroMovies(all, nowShowing, 'soon', 2)).toEqual([soon, a]);
  });

  it('ignores a featured movie the list does not hold', () => {
    expect(heroMovies(all, nowShowing, 'gone', 5)).toEqual([a, b, c]);
  });
});
