import { describe, expect, it } from 'vitest';
import { favoriteCinemas, favouriteFilmIds, favouriteFilmPayload, keepsFavouriteCinemas, withNewsletter } from './favourites';

describe('favourites', () => {
  it.each([
    [{ externalFilmIds: ['1004', '1007'] }, ['1004', '1007']],
    [{ boxofficeIds: [1004, 1007] }, ['1004', '1007']],
    [{ peachCode: 0 }, []],
  ])('reads the film ids of %j', (reply, ids) => {
    expect(favouriteFilmIds(reply, 'boxoffice')).toEqual(ids);
  });

  it('sends a film id under both names', () => {
    expect(favouriteFilmPayload('1004', 'boxoffice')).toEqual({ externalFilmId: '1004', boxofficeId: '1004' });
  });

  it.each([
    ['a version 3 session', { memberId: 'm', token: 't', refreshToken: 'r', cypherVersion: 3 as const }, true],
    ['a version 1 session', { memberId: 'm', token: 't', refreshToken: 'r', cypherVersion: 1 as const }, false],
    ['a version 3 session without its token', { memberId: 'm', token: '', refreshToken: 'r', cypherVersion: 3 as const }, false],
    ['no member', null, false],
  ])('keeps favourite theaters for %s: %s', (_case, member, keeps) => {
    expect(keepsFavouriteCinemas(member)).toBe(keeps);
  });

  it("keys favourite theaters by the brand's CinemaId and drops malformed entries", () => {
    const reply = {
      favoriteCinemas: [
        { boxofficeCinemaId: 101, subscribeToNewsletter: true },
        { subscribeToNewsletter: true },
        null,
        { boxofficeCinemaId: '102' },
        { MarqueeCinemaId: '103' },
      ],
    };
    expect(favoriteCinemas(reply, 'boxoffice')).toEqual([
      { cinemaId: '101', subscribeToNewsletter: true },
      { cinemaId: '102', subscribeToNewsletter: false },
    ]);
    expect(favoriteCinemas(reply, 'Marquee')).toEqual([{ cinemaId: '103', subscribeToNewsletter: false }]);
  });

  it('switches one theater newsletter and leaves the others', () => {
    const list = [
      { cinemaId: '101', subscribeToNewsletter: true },
      { cinemaId: '102', subscribeToNewsletter: false },
    ];
    expect(withNewsletter(list, '102', true)).toEqual([
      { cinemaId: '101', subscribeToNewsletter: true },
      { cinemaId: '102', subscribeToNewsletter: true },
    ]);
  });
});
