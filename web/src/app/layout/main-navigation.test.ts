import { describe, expect, it } from 'vitest';
import { mainNavigation } from './main-navigation';

const bijou = { id: '201', name: 'The Bijou', slug: 'the-bijou' };
const riverfront = { id: '101', name: 'Marquee Riverfront 14', slug: 'marquee-riverfront-14' };

describe('mainNavigation', () => {
  it.each([
    [
      'a chain: the theater list',
      false,
      [riverfront, bijou],
      [
        ['nav.movies', '/movies/'],
        ['nav.theaters', '/theaters/'],
        ['nav.showtimes', '/showtimes/'],
        ['nav.events', '/events/'],
      ],
    ],
    [
      'a single-location site: its theater, never the list',
      true,
      [bijou],
      [
        ['nav.movies', '/movies/'],
        ['nav.theater', '/theaters/201-the-bijou/'],
        ['nav.showtimes', '/showtimes/'],
        ['nav.events', '/events/'],
      ],
    ],
    [
      'a single-location site without its theater yet: neither',
      true,
      [],
      [
        ['nav.movies', '/movies/'],
        ['nav.showtimes', '/showtimes/'],
        ['nav.events', '/events/'],
      ],
    ],
  ])('%s', (_, isSingleLocation, theaters, expected) => {
    expect(mainNavigation(isSingleLocation, theaters).map((item) => [item.messageKey, item.to])).toEqual(expected);
  });
});
