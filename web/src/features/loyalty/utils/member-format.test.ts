import { describe, expect, it } from 'vitest';
import { formatCents, formatUnixDate, pointsBalance } from './member-format';

describe('member formats', () => {
  it('reads the POINTS balance first', () => {
    expect(pointsBalance([{ type: 'CREDIT', value: 5 }, { type: 'POINTS', value: 1250 }])).toBe(1250);
    expect(pointsBalance([{ type: 'CREDIT', value: 5 }])).toBe(5);
    expect(pointsBalance(undefined)).toBe(0);
  });

  it('formats cents and Unix dates for the locale', () => {
    expect(formatCents(2550, 'en-US')).toBe('$25.50');
    expect(formatUnixDate(0, 'en-US')).toBe('Jan 1, 1970');
  });
});
