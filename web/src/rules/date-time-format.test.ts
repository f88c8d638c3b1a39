import { describe, expect, it } from 'vitest';
import { dateTimeFormat, siteYear } from './date-time-format';

describe('dateTimeFormat', () => {
  it('hands out one formatter per locale and options', () => {
    const options = { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('en-US', options)).toBe(dateTimeFormat('en-US', { ...options }));
    expect(dateTimeFormat('en-US', options)).not.toBe(dateTimeFormat('fr-FR', options));
    expect(dateTimeFormat('en-US', options)).not.toBe(dateTimeFormat('en-US', { ...options, hour: '2-digit' }));
  });

  it('formats like a new Intl.DateTimeFormat', () => {
    const date = new Date(Date.UTC(2026, 10, 27, 19, 30));
    const options = { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('en-US', options).format(date)).toBe(new Intl.DateTimeFormat('en-US', options).format(date));
  });

  it('refuses an invalid locale as Intl does', () => {
    expect(() => dateTimeFormat('not a locale!', {})).toThrow(RangeError);
  });
});

describe('siteYear', () => {
  it("is the year in the site's time zone, not the machine's", () => {
    const newYearInLondon = new Date(Date.UTC(2027, 0, 1, 0, 30));
    expect(siteYear('Europe/London', newYearInLondon)).toBe(2027);
    expect(siteYear('America/New_York', newYearInLondon)).toBe(2026);
    expect(siteYear(undefined, newYearInLondon)).toBe(2027);
    expect(siteYear('Nowhere/Special', newYearInLondon)).toBe(2027);
  });
});
