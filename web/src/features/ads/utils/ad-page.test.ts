import { describe, expect, it } from 'vitest';
import { adDataLayer, adPageMovies, movieIdFromPath, pageTypeForPath } from './ad-page';

describe('ids from the path', () => {
  it.each([
    ['/movies/1004-velocity/', '1004'],
    ['/movies/1004/', '1004'],
    ['/movies/', undefined],
    ['/theaters/103-harbor-imax/', undefined],
    ['/about/', undefined],
    ['/movies/1004-caf%C3%A9/', '1004'],
    // A malformed escape names no movie; nothing throws.
    ['/movies/%E0%A4%A/', undefined],
    ['/movies/1004-50%/', undefined],
  ])('%s', (path, movieId) => {
    expect(movieIdFromPath(path)).toBe(movieId);
  });
});

describe('pageTypeForPath', () => {
  it.each([
    ['/', 'home'],
    ['/movies/', 'movies'],
    ['/movies/1-x/', 'movie'],
    ['/theaters/', 'theaters'],
    ['/theaters/1-x/', 'theater'],
    ['/showtimes/', 'showtimes'],
    ['/events/', 'events'],
    ['/events/5-gala/', 'event'],
    ['/about/', 'page'],
    ['/movies/%E0%A4%A/', 'movies'],
    ['/theaters/%E0%A4%A/', 'theaters'],
  ])('%s is %s', (path, type) => {
    expect(pageTypeForPath(path)).toBe(type);
  });
});

describe('adDataLayer', () => {
  it('turns every field into a string', () => {
    const layer = adDataLayer({
      origin: 'https://www.marquee.example',
      domain: 'www.marquee.example',
      pathname: '/movies/1004-velocity/',
      theater: { id: '103', name: 'Harbor', path: '/theaters/103-harbor/' },
      movie: { id: '1004', title: 'Velocity' },
      isLoggedIn: false,
    });
    expect(layer).toEqual({
      urlOrigin: 'https://www.marquee.example',
      domain: 'www.marquee.example',
      pageType: 'movie',
      theaterId: '103',
      theaterName: 'Harbor',
      theaterPermalinkOrigin: 'https://www.marquee.example',
      theaterPermalinkPath: '/theaters/103-harbor/',
      movieId: '1004',
      movieTitle: 'Velocity',
      movieReleaseDate: '',
      moviePermalinkOrigin: 'https://www.marquee.example',
      moviePermalinkPath: '/permalink/movie/1004',
      isLoggedIn: 'false',
    });
    expect(Object.values(layer).every((value) => typeof value === 'string')).toBe(true);
  });

  it('leaves out what the page does not have', () => {
    expect(adDataLayer({ origin: 'o', domain: 'd', pathname: '/' })).toEqual({
      urlOrigin: 'o',
      domain: 'd',
      pageType: 'home',
    });
  });
});

describe('adPageMovies', () => {
  const velocity = { id: '1004', title: 'Velocity', releaseDate: '2026-11-19' };
  const harbor = { id: '101', name: 'Harbor' };

  it("names the movie of a movie page from the page's data", () => {
    expect(adPageMovies({ movie: { ...velocity, synopsis: 'Fast.' } }, undefined, undefined)).toEqual({
      scheduledMovieIds: undefined,
      movie: velocity,
    });
  });

  it("names a theater page's own movies as scheduled there", () => {
    const content = { theater: harbor, movies: [{ id: '1004' }, { id: '1007' }] };
    expect(adPageMovies(content, '101', undefined).scheduledMovieIds).toEqual(['1004', '1007']);
  });

  it("names the theater's list the page has fetched on any other page", () => {
    const home = { movies: [{ id: '1001' }, { id: '1004' }, { id: '1007' }] };
    expect(adPageMovies(home, '101', [{ id: '1007' }]).scheduledMovieIds).toEqual(['1007']);
    expect(adPageMovies({ theater: { id: '102' }, movies: [{ id: '1001' }] }, '101', [{ id: '1007' }]).scheduledMovieIds).toEqual(['1007']);
  });

  it('has no scheduled movies without a theater, nor before the list has arrived', () => {
    const home = { movies: [{ id: '1001' }] };
    expect(adPageMovies(home, undefined, [{ id: '1001' }])).toEqual({ scheduledMovieIds: undefined, movie: undefined });
    expect(adPageMovies(home, '101', undefined).scheduledMovieIds).toBeUndefined();
    expect(adPageMovies(undefined, '101', undefined)).toEqual({ scheduledMovieIds: undefined, movie: undefined });
  });
});
