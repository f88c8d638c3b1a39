import { describe, expect, it } from 'vitest';
import { ACCOUNT_SCREENS, idSlugSegment, isAccountPage, paths, segmentNames } from './paths';

describe('paths', () => {
  it.each([
    [paths.home.build(), '/'],
    [paths.movies.build(), '/movies/'],
    [paths.movies.build({ playWeek: 'NEXT_PLAYWEEK_1' }), '/movies/?playWeek=NEXT_PLAYWEEK_1'],
    [
      paths.movies.build({ attribute: 'Format.Sound.Dubbed', date: '2026-11-23', theaterId: '101', playWeek: undefined }),
      '/movies/?theaterId=101&date=2026-11-23&attribute=Format.Sound.Dubbed',
    ],
    [paths.movie.build({ id: '42', slug: 'the-long-night' }), '/movies/42-the-long-night/'],
    [paths.movie.build({ id: '42' }), '/movies/42/'],
    [paths.theater.build({ id: 't1', slug: 'downtown' }), '/theaters/t1-downtown/'],
    [paths.event.build({ id: 'e1', slug: 'marathon' }), '/events/e1-marathon/'],
    [paths.contentPage.build('about'), '/about/'],
    [paths.theaters.build(), '/theaters/'],
    [paths.showtimes.build(), '/showtimes/'],
    [paths.events.build(), '/events/'],
    [paths.notFound.build(), '/404.html'],
    [paths.account.build(), '/account/'],
    [paths.accountScreen.build('delete-account'), '/account/delete-account/'],
    [paths.accountScreen.build('forgot-password'), '/account/forgot-password/'],
    [paths.accountScreen.build('activate', [['email', 'a@b.example']]), '/account/activate/?email=a%40b.example'],
  ])('builds %s', (built, expected) => {
    expect(built).toBe(expected);
  });

  it('joins id and slug with a hyphen', () => {
    expect(idSlugSegment('7', 'dune')).toBe('7-dune');
    expect(idSlugSegment('7', '')).toBe('7');
  });
});

describe('segmentNames', () => {
  it.each([
    ['42-the-long-night', '42', true],
    ['42', '42', true],
    ['421-other', '42', false],
    ['m-42-slug', 'm-42', true],
    ['m-4', 'm-42', false],
    ['', '42', false],
  ])('%s names %s: %s', (segment, id, expected) => {
    expect(segmentNames(segment, id)).toBe(expected);
  });
});

describe('isAccountPage', () => {
  it.each([
    ['/account/', true],
    ['/account', true],
    ['/account/profile/', true],
    ['/account/delete-account', true],
    ['/account/no-such-screen/', false],
    ['/account/profile/extra/', false],
    ['/account/Profile/', false],
    ['/accounts/', false],
    ['/movies/', false],
  ])('%s: %s', (pathname, expected) => {
    expect(isAccountPage(pathname)).toBe(expected);
  });

  it.each(ACCOUNT_SCREENS)('the %s screen is a page of the area', (screen) => {
    expect(isAccountPage(paths.accountScreen.build(screen))).toBe(true);
  });
});
