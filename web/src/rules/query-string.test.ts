import { describe, expect, it } from 'vitest';
import { parseQuery, parseQueryValue } from './query-string';

describe('parseQueryValue', () => {
  it.each([
    ['true', true],
    ['false', false],
    ['42', 42],
    ['-3.5', -3.5],
    ['1e3', 1000],
    ['007', '007'],
    ['0', 0],
    ['0.5', 0.5],
    ['TRUE', 'TRUE'],
    ['12abc', '12abc'],
    ['', ''],
    ['CURRENT_PLAYWEEK', 'CURRENT_PLAYWEEK'],
  ])('%j -> %j', (raw, expected) => {
    expect(parseQueryValue(raw)).toBe(expected);
  });
});

describe('parseQuery', () => {
  it.each([
    ['', {}],
    ['?', {}],
    ['?theaterId=t1&day=2026-11-23', { theaterId: 't1', day: '2026-11-23' }],
    ['?preview=true&page=2', { preview: true, page: 2 }],
    ['?q=the%20long%20night', { q: 'the long night' }],
    ['?q=a+b', { q: 'a b' }],
    ['?attribute=x&attribute=y&attribute=3', { attribute: ['x', 'y', 3] }],
    ['theaterId=t2', { theaterId: 't2' }],
  ])('%s', (search, expected) => {
    expect(parseQuery(search)).toEqual(expected);
  });
});
