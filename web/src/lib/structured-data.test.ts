import { describe, expect, it } from 'vitest';
import { isoDuration, jsonLdDocument, movieNode, screeningEventNode, theaterNode } from './structured-data';

const origin = 'https://www.marqueecinemas.example';
const movie = {
  id: '1004',
  title: 'Velocity',
  path: '/movies/1004-velocity/',
  posterUrl: '/posters/1004.svg',
  synopsis: 'A retired stunt driver...',
  runtimeMinutes: 128,
  rating: 'PG-13',
  genres: ['Action'],
  releaseDate: '2026-11-19',
  directors: ['Rafael Santos'],
  cast: [],
};
const theater = { id: '101', name: 'Marquee Riverfront', phone: '+1 401 555 0100', address: { street: '1 Water St', city: 'Providence', state: 'RI', zipCode: '02903' } };

describe('isoDuration', () => {
  it.each([
    [128, 'PT2H8M'],
    [120, 'PT2H'],
    [45, 'PT45M'],
    [0, undefined],
    [undefined, undefined],
  ])('%s -> %s', (minutes, expected) => {
    expect(isoDuration(minutes)).toBe(expected);
  });
});

describe('movieNode', () => {
  it('names the movie with absolute links and leaves out what is unknown', () => {
    expect(movieNode(movie, origin)).toEqual({
      '@type': 'Movie',
      name: 'Velocity',
      url: 'https://www.marqueecinemas.example/movies/1004-velocity/',
      image: 'https://www.marqueecinemas.example/posters/1004.svg',
      description: 'A retired stunt driver...',
      duration: 'PT2H8M',
      contentRating: 'PG-13',
      genre: ['Action'],
      datePublished: '2026-11-19',
      director: [{ '@type': 'Person', name: 'Rafael Santos' }],
    });
  });
});

describe('theaterNode', () => {
  it('gives the postal address', () => {
    expect(theaterNode(theater, origin, '/theaters/101-riverfront/')).toEqual({
      '@type': 'MovieTheater',
      name: 'Marquee Riverfront',
      url: 'https://www.marqueecinemas.example/theaters/101-riverfront/',
      telephone: '+1 401 555 0100',
      address: {
        '@type': 'PostalAddress',
        streetAddress: '1 Water St',
        addressLocality: 'Providence',
        addressRegion: 'RI',
        postalCode: '02903',
      },
    });
  });
});

describe('screeningEventNode', () => {
  it.each([
    [false, 'https://schema.org/InStock'],
    [true, 'https://schema.org/SoldOut'],
  ])('sold out %s: offer %s', (soldOut, availability) => {
    const node = screeningEventNode(
      { id: 's', startsAt: '2026-11-23T15:30:00-05:00', format: 'IMAX', ticketingUrl: 'https://tickets.example/b?p=1', soldOut },
      movie,
      theater,
      origin,
    );
    expect(node).toMatchObject({
      '@type': 'ScreeningEvent',
      name: 'Velocity',
      startDate: '2026-11-23T15:30:00-05:00',
      videoFormat: 'IMAX',
      location: { '@type': 'MovieTheater', name: 'Marquee Riverfront' },
      workPresented: { '@type': 'Movie', name: 'Velocity', url: 'https://www.marqueecinemas.example/movies/1004-velocity/' },
      offers: { '@type': 'Offer', url: 'https://tickets.example/b?p=1', availability },
    });
  });
});

describe('jsonLdDocument', () => {
  it('wraps the nodes in a graph and cannot close its script element', () => {
    const text = jsonLdDocument([{ '@type': 'Movie', name: '</script><script>alert(1)</script>' }]);
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text)).toEqual({
      '@context': 'https://schema.org',
      '@graph': [{ '@type': 'Movie', name: '</script><script>alert(1)</script>' }],
    });
  });
});
