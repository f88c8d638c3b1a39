import { describe, expect, it } from 'vitest';
import { isExternalHref, toInternalPath } from './links';

describe('isExternalHref', () => {
  it.each([
    ['https://www.facebook.com/demo', 'cinema.example', true],
    ['http://tickets.example.org/sales/1/book', 'cinema.example', true],
    ['https://cinema.example/about/', 'cinema.example', false],
    ['https://CINEMA.example/about/', 'cinema.example', false],
    ['/about/', 'cinema.example', false],
    ['#main', 'cinema.example', false],
    ['mailto:hello@cinema.example', 'cinema.example', false],
  ])('%s from %s: %s', (href, host, expected) => {
    expect(isExternalHref(href, host)).toBe(expected);
  });
});

describe('toInternalPath', () => {
  it('keeps the path, query and hash of an absolute URL', () => {
    expect(toInternalPath('https://cinema.example/movies/?playWeek=X#top')).toBe('/movies/?playWeek=X#top');
  });

  it('leaves a path as it is', () => {
    expect(toInternalPath('/about/')).toBe('/about/');
  });
});
