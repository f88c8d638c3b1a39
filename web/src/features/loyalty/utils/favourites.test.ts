import { describe, expect, it } from 'vitest';
import { favoriteCinemas, favouriteFilmIds, favouriteFilmPayload, withNewsletter } from './favourites';

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

  it('keys favourite theaters by boxofficeCinemaId and drops malformed entries', () => {
    expect(
      favoriteCinemas({
        favoriteCinemas: [{ boxofficeCinemaId: 101, subscribeToNewsletter: true }, { subscribeToNewsletter: true }, null, { boxofficeCinemaId: '102' }],
      }),
    ).toEqual([
      { boxofficeCinemaId: '101', subscribeToNewsletter: true },
      { boxofficeCinemaId: '102', subscribeToNewsletter: false },
    ]);
  });

  it('switches one theater newsletter and leaves the others', () => {
    const list = [
      { boxofficeCinemaId: '101', subscribeToNewsletter: true },
      { boxofficeCinemaId: '102', subscribeToNewsletter: false },
    ];
    expect(withNewsletter(list, '102', true)).toEqual([
      { boxofficeCinemaId: '101', subscribeToNewsletter: true },
      { boxofficeCinemaId: '102', subscribeToNewsletter: true },
    ]);
  });
});
