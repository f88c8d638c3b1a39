import { describe, expect, it } from 'vitest';
import { adDataLayer, adPageMovies, movieIdFromPath, pageTypeForPath, theaterIdFromPath } from './ad-page';

describe('ids from the path', () => {
  it.each([
    ['/movies/1004-velocity/', '1004', undefined],
    ['/movies/1004/', '1004', undefined],
    ['/movies/', undefined, undefined],
    ['/theaters/103-harbor-imax/', undefined, '103'],
    ['/about/', undefined, undefined],
  ])('%s', (path, movieId, theaterId) => {
    expect(movieIdFromPath(path)).toBe(movieId);
    expect(theaterIdFromPath(path)).toBe(theaterId);
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
  const all = [
    { id: '1004', title: 'Velocity', releaseDate: '2026-11-19' },
    { id: '1007', title: 'Paper Moons' },
  ];

  it('names the movies scheduled at the theater and the movie of a movie page', () => {
    expect(adPageMovies('/movies/1004-velocity/', [{ id: '1004' }, { id: '1007' }], all)).toEqual({
      scheduledMovieIds: ['1004', '1007'],
      movie: { id: '1004', title: 'Velocity', releaseDate: '2026-11-19' },
    });
  });

  it('has no scheduled movies without a theater list, and no movie off movie pages', () => {
    expect(adPageMovies('/theaters/', undefined, all)).toEqual({ scheduledMovieIds: undefined, movie: undefined });
  });

  it('has no movie while the list has not arrived or does not hold it', () => {
    expect(adPageMovies('/movies/1004-velocity/', [], undefined).movie).toBeUndefined();
    expect(adPageMovies('/movies/9-unknown/', [], all).movie).toBeUndefined();
  });
});
