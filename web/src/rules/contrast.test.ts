import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  FALLBACK_TEXT,
  labDistance,
  parseHex,
  readableOn,
  readableText,
  readableTextAlt,
  shade,
  visibleOn,
} from './contrast';

describe('parseHex', () => {
  it.each([
    ['#ffffff', { r: 255, g: 255, b: 255 }],
    ['#FFF', { r: 255, g: 255, b: 255 }],
    ['#212020', { r: 33, g: 32, b: 32 }],
    [' #0a0B0c ', { r: 10, g: 11, b: 12 }],
  ])('reads %s', (input, expected) => {
    expect(parseHex(input)).toEqual(expected);
  });

  it.each(['red', '#ffff', '#gggggg', '', 'rgb(0,0,0)'])('refuses %j', (input) => {
    expect(parseHex(input)).toBeUndefined();
  });
});

describe('contrastRatio', () => {
  it('is 21 between black and white', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('is symmetric', () => {
    expect(contrastRatio('#c8102e', '#ffffff')).toBeCloseTo(contrastRatio('#ffffff', '#c8102e'), 10);
  });

  it('is 1 when a colour cannot be read', () => {
    expect(contrastRatio('not a colour', '#ffffff')).toBe(1);
  });
});

describe('readableText', () => {
  it.each([
    ['#ffffff', FALLBACK_TEXT.dark],
    ['#f5b400', FALLBACK_TEXT.dark],
    ['#141414', FALLBACK_TEXT.light],
    ['#c8102e', FALLBACK_TEXT.light],
    ['#1e3a8a', FALLBACK_TEXT.light],
  ])('on %s is %s', (background, expected) => {
    expect(readableText(background)).toBe(expected);
  });

  it('pairs the alternative text colour with the same side', () => {
    expect(readableTextAlt('#ffffff')).toBe(FALLBACK_TEXT.darkAlt);
    expect(readableTextAlt('#000000')).toBe(FALLBACK_TEXT.lightAlt);
  });

  it('picks whichever fallback contrasts more, for every grey', () => {
    for (let level = 0; level <= 255; level += 15) {
      const grey = `#${level.toString(16).padStart(2, '0').repeat(3)}`;
      const best = Math.max(contrastRatio(FALLBACK_TEXT.dark, grey), contrastRatio(FALLBACK_TEXT.light, grey));
      expect(contrastRatio(readableText(grey), grey)).toBe(best);
    }
  });
});

describe('readableOn', () => {
  it('keeps a brand colour that passes AA', () => {
    expect(readableOn('#1e3a8a', '#ffffff')).toBe('#1e3a8a');
  });

  it('replaces a brand colour that would be unreadable', () => {
    expect(readableOn('#f5b400', '#ffffff')).toBe(FALLBACK_TEXT.dark);
  });
});

describe('visibleOn', () => {
  it('keeps an accent that stands out from the background', () => {
    expect(visibleOn('#f5b400', '#141414')).toBe('#f5b400');
  });

  it('replaces an accent too close to the background', () => {
    expect(labDistance('#fefefe', '#ffffff')).toBeLessThan(5.9);
    expect(visibleOn('#fefefe', '#ffffff')).toBe(FALLBACK_TEXT.dark);
  });
});

describe('shade', () => {
  it('darkens towards black and lightens towards white', () => {
    expect(shade('#808080', 1)).toBe('#000000');
    expect(shade('#808080', -1)).toBe('#ffffff');
    expect(shade('#808080', 0.5)).toBe('#404040');
  });

  it('leaves an unreadable colour as it is', () => {
    expect(shade('tomato', 0.5)).toBe('tomato');
  });
});
