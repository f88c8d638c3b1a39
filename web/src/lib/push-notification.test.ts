import { describe, expect, it } from 'vitest';
import { alertTarget, parsePushAlert, showsTarget } from './push-notification';

describe('the page an alert opens', () => {
  it.each([
    ['/movies/12-dune/?theaterId=t1', '/movies/12-dune/?theaterId=t1'],
    ['/movies/12-dune/', '/movies/12-dune/'],
    ['/', '/'],
    ['/movies/12-dune/#showtimes', '/movies/12-dune/#showtimes'],
    ['/movies/../account/', '/account/'],
    ['https://evil.example/', '/'],
    ['http://localhost/movies/', '/'],
    ['//evil.example/movies/', '/'],
    ['/\\evil.example/', '/'],
    ['\\\\evil.example/', '/'],
    ['/\t/evil.example/', '/'],
    ['/\n/evil.example/', '/'],
    [' /movies/', '/'],
    ['movies/12-dune/', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    [undefined, '/'],
    [42, '/'],
  ])('%j opens %s', (url, expected) => {
    expect(alertTarget(url)).toBe(expected);
  });
});

describe('the alert of a push message', () => {
  const alert = { title: 'Dune: tickets on sale', body: 'At Marquee Downtown', url: '/movies/12-dune/?theaterId=t1', tag: 'on-sale-12-t1' };

  it.each([
    ['a whole alert', JSON.stringify(alert), alert],
    ['no tag', JSON.stringify({ ...alert, tag: undefined }), { title: alert.title, body: alert.body, url: alert.url }],
    ['an empty tag', JSON.stringify({ ...alert, tag: '' }), { title: alert.title, body: alert.body, url: alert.url }],
    ['no body', JSON.stringify({ title: 'Dune', url: '/' }), { title: 'Dune', body: '', url: '/' }],
    ['an absolute url', JSON.stringify({ ...alert, url: 'https://evil.example/' }), { ...alert, url: '/' }],
    ['no url', JSON.stringify({ title: 'Dune' }), { title: 'Dune', body: '', url: '/' }],
    ['no title', JSON.stringify({ ...alert, title: '' }), undefined],
    ['a title not text', JSON.stringify({ ...alert, title: 7 }), undefined],
    ['not JSON', 'Dune is on sale', undefined],
    ['JSON not an object', '"Dune"', undefined],
    ['null', 'null', undefined],
    ['no text', undefined, undefined],
  ])('%s', (_name, text, expected) => {
    expect(parsePushAlert(text)).toEqual(expected);
  });
});

describe('which open window shows the page', () => {
  const origin = 'https://www.marquee.example';
  it.each([
    ['https://www.marquee.example/movies/12-dune/?theaterId=t1', '/movies/12-dune/?theaterId=t1', true],
    ['https://www.marquee.example/movies/12-dune/?theaterId=t1#showtimes', '/movies/12-dune/?theaterId=t1', true],
    ['https://www.marquee.example/movies/12-dune/', '/movies/12-dune/?theaterId=t1', false],
    ['https://www.marquee.example/', '/movies/12-dune/', false],
    ['https://other.example/movies/12-dune/', '/movies/12-dune/', false],
  ])('%s shows %s: %s', (windowUrl, target, expected) => {
    expect(showsTarget(windowUrl, target, origin)).toBe(expected);
  });
});
