import { describe, expect, it } from 'vitest';
import { openingDays, openingTimes } from './opening-hours';

describe('opening hours', () => {
  it('joins runs of three days or more, in week order', () => {
    expect(openingDays(['Thursday', 'Monday', 'Tuesday', 'Wednesday', 'Saturday'], 'en-US')).toBe(
      'Monday – Thursday, Saturday',
    );
    expect(openingDays(['Friday', 'Saturday'], 'en-US')).toBe('Friday, Saturday');
    expect(openingDays(['Sunday'], 'fr-FR')).toBe('dimanche');
  });

  it('keeps a day it does not know as written', () => {
    expect(openingDays(['Holidays'], 'en-US')).toBe('Holidays');
  });

  it('gives the times in the locale, past midnight too', () => {
    expect(openingTimes('10:00', '01:30', 'en-US')).toBe('10:00 AM – 1:30 AM');
    expect(openingTimes('10:00', '23:00', 'fr-FR')).toBe('10:00 – 23:00');
  });
});
