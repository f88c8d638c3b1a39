import { describe, expect, it } from 'vitest';
import type { Showtime } from '@/types/api';
import { attributesAmong, attributesOf, badgeAttributes, chosenAttributes, toggledSearch, withAttributes } from './showtime-attributes';

const showing = (id: string, attributes: Showtime['attributes']): Showtime => ({ id, attributes });

describe('showtime attributes', () => {
  it('lists a showing’s attributes in vocabulary order, unknown codes left out', () => {
    // JSON from outside the document's vocabulary (data published before a code was dropped).
    const stray = JSON.parse('{"id": "a", "attributes": ["imax", "open-captions", "smell-o-vision"]}') as Showtime;
    expect(attributesOf(stray)).toEqual(['open-captions', 'imax']);
  });

  it('leaves to the format the attribute it names', () => {
    const atmos: Showtime = { id: 'a', format: 'Dolby Atmos', attributes: ['dolby-atmos', 'closed-captions'] };
    expect(badgeAttributes(atmos)).toEqual(['closed-captions']);
    expect(badgeAttributes({ id: 'b', format: 'Standard', attributes: ['imax'] })).toEqual(['imax']);
  });

  it('offers only the attributes some showing has', () => {
    const showtimes = [showing('a', ['3d']), showing('b', ['wheelchair', '3d'])];
    expect(attributesAmong(showtimes)).toEqual(['wheelchair', '3d']);
  });

  it('keeps the showings that have every chosen attribute', () => {
    const showtimes = [showing('a', ['wheelchair']), showing('b', ['wheelchair', 'open-captions']), showing('c', [])];
    expect(withAttributes(showtimes, ['wheelchair', 'open-captions']).map((s) => s.id)).toEqual(['b']);
    expect(withAttributes(showtimes, []).map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });

  it('reads the choice from the address and toggles it there, other parameters kept', () => {
    expect(chosenAttributes('?attribute=imax&attribute=nope&attribute=open-captions')).toEqual(['open-captions', 'imax']);
    expect(toggledSearch('?date=2026-11-24', 'imax')).toBe('?date=2026-11-24&attribute=imax');
    expect(toggledSearch('?date=2026-11-24&attribute=imax', 'imax')).toBe('?date=2026-11-24');
    expect(toggledSearch('?attribute=imax', 'open-captions')).toBe('?attribute=open-captions&attribute=imax');
    expect(toggledSearch('', 'wheelchair')).toBe('?attribute=wheelchair');
  });
});
