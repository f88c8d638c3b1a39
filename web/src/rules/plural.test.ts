import { describe, expect, it } from 'vitest';
import { createTranslate as translate } from './format-message';
import { plural } from './plural';

describe('plural', () => {
  const english = translate('en-US', { 'points.one': '{0} point', 'points.other': '{0} points' });

  it('picks the form the locale’s rules name, the count formatted', () => {
    expect(plural(english, 'points', 1)).toBe('1 point');
    expect(plural(english, 'points', 0)).toBe('0 points');
    expect(plural(english, 'points', 1500)).toBe('1,500 points');
  });

  it('uses the locale’s own categories, falling back to "other"', () => {
    const polish = translate('pl-PL', { 'points.one': '{0} punkt', 'points.few': '{0} punkty', 'points.other': '{0} punktów' });
    expect(plural(polish, 'points', 1)).toBe('1 punkt');
    expect(plural(polish, 'points', 3)).toBe('3 punkty');
    expect(plural(polish, 'points', 5)).toBe('5 punktów');
    const sparse = translate('pl-PL', { 'points.other': '{0} pkt' });
    expect(plural(sparse, 'points', 3)).toBe('3 pkt');
  });

  it('reads a message without plural forms, as older bundles wrote it', () => {
    expect(plural(translate('en-US', { points: '{0} points' }), 'points', 1)).toBe('1 points');
  });
});
