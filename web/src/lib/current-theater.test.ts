import { describe, expect, it } from 'vitest';
import { resolveCurrentTheater, theaterIdFromPath } from './current-theater';

const theaters = [{ id: 't1' }, { id: 't2' }, { id: 't3' }];

describe('resolveCurrentTheater', () => {
  it.each([
    [{ isSingleLocation: true, selectedTheaterId: 't3' }, 't1'],
    [{ isSingleLocation: false, pageTheaterId: 't2', selectedTheaterId: 't3' }, 't2'],
    [{ isSingleLocation: false, selectedTheaterId: 't3' }, 't3'],
    [{ isSingleLocation: false, pageTheaterId: 'gone', selectedTheaterId: 't3' }, 't3'],
    [{ isSingleLocation: false, selectedTheaterId: 'gone' }, undefined],
    [{ isSingleLocation: false }, undefined],
  ])('%j gives %s', (context, expected) => {
    expect(resolveCurrentTheater(theaters, context)?.id).toBe(expected);
  });
});

describe('theaterIdFromPath', () => {
  it.each([
    ['/theaters/103-harbor-imax/', '103'],
    ['/theaters/103/', '103'],
    ['/theaters/', undefined],
    ['/movies/1004-velocity/', undefined],
    ['/account/theaters/', undefined],
  ])('%s', (path, theaterId) => {
    expect(theaterIdFromPath(path)).toBe(theaterId);
  });
});
