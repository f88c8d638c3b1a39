import { describe, expect, it } from 'vitest';
import { formatEventDate } from './format-event-date';

describe('formatEventDate', () => {
  it.each([
    ['2026-12-05', '19:00', 'Sat, Dec 5 · 7:00 PM'],
    ['2026-12-05', undefined, 'Sat, Dec 5'],
    ['2026-12-05', '', 'Sat, Dec 5'],
    ['soon', '19:00', 'soon'],
  ])('%s %s', (date, time, expected) => {
    expect(formatEventDate(date, time, 'en-US').replace(/\u202f/g, ' ')).toBe(expected);
  });
});
