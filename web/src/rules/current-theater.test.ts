import { describe, expect, it } from 'vitest';
import fixture from '../../../fixtures/current-theater.json';
import { resolveCurrentTheater, theaterIdFromPath, theaterIdFromQuery } from './current-theater';

describe('resolveCurrentTheater, on the cases svc-catalogue is tested on too (fixtures/current-theater.json)', () => {
  const theaters = fixture.theaters.map((id) => ({ id }));

  it.each(fixture.cases)('$name', ({ isSingleLocation, pageTheaterId, selectedTheaterId, expected }) => {
    const current = resolveCurrentTheater(theaters, {
      isSingleLocation,
      // An empty string in the fixture is an id the page or the visitor does not give.
      pageTheaterId: pageTheaterId || undefined,
      selectedTheaterId: selectedTheaterId || undefined,
    });
    expect(current?.id ?? null).toBe(expected);
  });

  it('takes an empty id for none given', () => {
    expect(resolveCurrentTheater(theaters, { isSingleLocation: false, pageTheaterId: '', selectedTheaterId: '3' })?.id).toBe('3');
  });
});

describe('theaterIdFromPath', () => {
  it.each([
    ['/theaters/103-harbor-imax/', '103'],
    ['/theaters/103/', '103'],
    ['/theaters/', undefined],
    ['/movies/1004-velocity/', undefined],
    ['/account/theaters/', undefined],
    ['/theaters/103-caf%C3%A9/', '103'],
    // A malformed escape names no theater; the address is not found, nothing throws.
    ['/theaters/%E0%A4%A/', undefined],
    ['/theaters/103-50%/', undefined],
  ])('%s', (path, theaterId) => {
    expect(theaterIdFromPath(path)).toBe(theaterId);
  });
});

describe('theaterIdFromQuery', () => {
  const theaters = [{ id: 't1' }, { id: 't2' }];
  it.each([
    ['?theaterId=t2', 't2'],
    ['?date=2026-12-01&theaterId=t1', 't1'],
    ['theaterId=t1', 't1'],
    ['?theaterId=t9', undefined],
    ['?theaterId=', undefined],
    ['?theaterid=t1', undefined],
    ['', undefined],
  ])('%s names %s', (search, expected) => {
    expect(theaterIdFromQuery(search, theaters)).toBe(expected);
  });
});
