import { describe, expect, it } from 'vitest';
import { pageDataName, pageDataUrl } from './get-page-data';

describe('pageDataUrl', () => {
  it.each([
    ['/', '/page-data/index/page-data.json'],
    ['/movies/', '/page-data/movies/page-data.json'],
    ['/movies', '/page-data/movies/page-data.json'],
    ['/movies/1001-the-long-night/', '/page-data/movies/1001-the-long-night/page-data.json'],
    ['/404.html', '/page-data/404.html/page-data.json'],
    ['/movies/?playWeek=CURRENT_PLAYWEEK', '/page-data/movies/page-data.json'],
  ])('%s -> %s', (path, url) => {
    expect(pageDataUrl(path)).toBe(url);
  });

  it('names a page alike whether its path is escaped or not', () => {
    expect(pageDataName('/caf%C3%A9/')).toBe(pageDataName('/café/'));
    expect(pageDataName('/100%/')).toBe('100%');
    expect(pageDataName('/theaters/%E0%A4%A/')).toBe('theaters/%E0%A4%A');
  });
});
