import { describe, expect, it } from 'vitest';
import type { Theater } from '@/types/api';
import { findTheaters, foldText, formatDistance, matchesTheater } from './theater-finder';

const theater = (id: string, name: string, city: string, zipCode: string): Theater => ({
  id,
  name,
  address: { city, zipCode, state: 'RI' },
});

const riverfront = theater('101', 'Marquee Riverfront', 'Providence', '02903');
const eastside = theater('102', 'Marquee Eastside 12', 'Cranston', '02910');
const montreal = theater('201', 'Cinéma Beaubien', 'Montréal', 'H2G 1M5');

describe('theater finder', () => {
  it('folds case and accents', () => {
    expect(foldText('  Montréal ')).toBe('montreal');
  });

  it('matches the start of any word of the name, city, state or ZIP code', () => {
    expect(matchesTheater(riverfront, 'river')).toBe(true);
    expect(matchesTheater(riverfront, 'provi')).toBe(true);
    expect(matchesTheater(riverfront, '0290')).toBe(true);
    expect(matchesTheater(eastside, 'marquee cran')).toBe(true);
    expect(matchesTheater(eastside, 'marquee provi')).toBe(false);
    expect(matchesTheater(montreal, 'montreal')).toBe(true);
    expect(matchesTheater(montreal, 'h2g')).toBe(true);
    expect(matchesTheater(riverfront, 'front')).toBe(false);
    expect(matchesTheater(riverfront, '   ')).toBe(true);
  });

  it('keeps the nearest-first order once distances are known', () => {
    const all = [riverfront, eastside, montreal];
    expect(findTheaters(all, 'marquee', undefined).map((t) => t.id)).toEqual(['101', '102']);
    const nearest = [eastside, riverfront, montreal];
    expect(findTheaters(all, 'marquee', nearest).map((t) => t.id)).toEqual(['102', '101']);
  });

  it('tells distances in miles in the United States and kilometres elsewhere', () => {
    expect(formatDistance(16.09344, 'en-US')).toBe('10 mi');
    expect(formatDistance(2.5, 'fr-FR')).toMatch(/^2,5\skm$/);
    expect(formatDistance(2.5, 'en-CA')).toBe('2.5 km');
  });
});
