import { describe, expect, it } from 'vitest';
import { normalisePath } from './path-normalisation';

describe('normalisePath', () => {
  it.each([
    ['/movies', 'always', '/movies/'],
    ['/movies/', 'always', '/movies/'],
    ['/movies//', 'always', '/movies/'],
    ['/movies/', 'never', '/movies'],
    ['/movies', 'never', '/movies'],
    ['/', 'never', '/'],
    ['', 'always', '/'],
    ['/404.html', 'always', '/404.html'],
    ['/page-data/app-data.json', 'always', '/page-data/app-data.json'],
    ['/sw.js', 'always', '/sw.js'],
    ['/assets/index.js.map', 'always', '/assets/index.js.map'],
    ['/robots.txt', 'never', '/robots.txt'],
    ['/sitemap.xml', 'always', '/sitemap.xml'],
    ['/menu.PDF', 'always', '/menu.PDF'],
    ['/movies/1001-the-long-night', 'always', '/movies/1001-the-long-night/'],
  ] as const)('%s with %s -> %s', (path, rule, expected) => {
    expect(normalisePath(path, rule)).toBe(expected);
  });
});
