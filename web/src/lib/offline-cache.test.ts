import { describe, expect, it } from 'vitest';
import { isHashedAsset, isPageOrData, isPoster, isStorable, staleCacheNames } from './offline-cache';

describe('what the service worker answers from where', () => {
  it.each([
    ['/assets/index-a1b2c3d.js', true],
    ['/assets/lato-latin-400-normal-a1b2c3d.woff2', true],
    ['/sw.js', false],
    ['/movies/assets/', false],
  ])('%s is a hashed asset: %s', (pathname, expected) => {
    expect(isHashedAsset(pathname)).toBe(expected);
  });

  it.each([
    ['navigate', '/theaters/', true],
    ['navigate', '/account/', true],
    ['cors', '/api/v1/movies', true],
    ['cors', '/page-data/app-data.json', true],
    ['cors', '/page-data/theaters/page-data.json', true],
    ['cors', '/api/cypher', false],
    ['cors', '/api/v2/movies', false],
    ['no-cors', '/posters/12.svg', false],
    ['cors', '/assets/index-a1b2c3d.js', false],
  ])('%s %s is a page or its data: %s', (mode, pathname, expected) => {
    expect(isPageOrData({ mode, pathname })).toBe(expected);
  });

  it.each([
    ['/posters/12.svg', true],
    ['/api/v1/posters', false],
  ])('%s is a poster: %s', (pathname, expected) => {
    expect(isPoster(pathname)).toBe(expected);
  });
});

describe('which answers the service worker keeps', () => {
  const answer = (status: number, cacheControl?: string) =>
    new Response(null, { status, headers: cacheControl ? { 'Cache-Control': cacheControl } : {} });

  it.each([
    [200, undefined, true],
    [200, 'public, max-age=0, must-revalidate', true],
    [404, 'no-cache', true],
    [200, 'no-store', false],
    [200, 'private, No-Store', false],
    [404, 'no-store', false],
    [500, undefined, false],
    [503, undefined, false],
    [403, undefined, false],
  ])('%i with Cache-Control %s: kept %s', (status, cacheControl, expected) => {
    expect(isStorable(answer(status, cacheControl))).toBe(expected);
  });
});

describe('the caches a new worker deletes', () => {
  it("are every cache it does not use, the hand-written worker's among them", () => {
    const inUse = ['workbox-precache-v2-https://cinema.example/', 'assets', 'pages', 'posters'];
    expect(staleCacheNames(['assets-v1', 'pages-v1', ...inUse], inUse)).toEqual(['assets-v1', 'pages-v1']);
    expect(staleCacheNames(inUse, inUse)).toEqual([]);
  });
});
