import { describe, expect, it } from 'vitest';
import { barsPath, barWidths, code128Checksum, code128Values, QUIET_ZONE, symbolWidth } from './barcode';

const digits = (pattern: string) => Array.from(pattern, Number);
const code39 = (pattern: string) => Array.from(pattern, (wide) => (wide === '1' ? 3 : 1));

describe('Code 128 (code set B)', () => {
  it.each([
    // The worked example of the symbology's usual references.
    ['PJJ123C', [48, 42, 42, 17, 18, 19, 35], 55],
    ['A', [33], 34],
    ['MC-100200300', [45, 35, 13, 17, 16, 16, 18, 16, 16, 19, 16, 16], 16],
  ])('encodes %s as start B, the values %j, checksum %i and stop', (text, data, checksum) => {
    expect(code128Checksum(data)).toBe(checksum);
    expect(code128Values(text)).toEqual([104, ...data, checksum, 106]);
  });

  it.each([
    ['a space, value 0', ' ', '212222'],
    ['A, value 33', 'A', '111323'],
    ['z, value 90', 'z', '214121'],
    ['DEL, value 95', '\x7f', '114113'],
  ])('draws %s with its bar-space pattern between start B and the checksum', (_case, text, pattern) => {
    const widths = barWidths('CODE_128', text);
    expect(widths?.slice(0, 6)).toEqual(digits('211214'));
    expect(widths?.slice(6, 12)).toEqual(digits(pattern));
    expect(widths?.slice(-7)).toEqual(digits('2331112'));
  });

  it('gives every symbol 11 modules, an even bar total and bars at both ends', () => {
    const text = ' !"#$%&\'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~';
    const widths = barWidths('CODE_128', text) ?? [];
    const symbols = (widths.length - 7) / 6;
    expect(symbols).toBe(text.length + 2);
    for (let symbol = 0; symbol < symbols; symbol += 1) {
      const pattern = widths.slice(symbol * 6, symbol * 6 + 6);
      expect(pattern.reduce((sum, width) => sum + width, 0)).toBe(11);
      expect((pattern[0] ?? 0) + (pattern[2] ?? 0) + (pattern[4] ?? 0)).toSatisfy((bars: number) => bars % 2 === 0);
    }
    expect(widths.length % 2).toBe(1);
  });
});

describe('Code 39', () => {
  it('draws the text between * start and stop characters, a narrow gap between characters', () => {
    expect(barWidths('CODE_39', 'A')).toEqual([
      ...code39('010010100'),
      1,
      ...code39('100001001'),
      1,
      ...code39('010010100'),
    ]);
  });

  it.each([
    ['0', '000110100'],
    ['9', '001100100'],
    ['Z', '011010000'],
    ['-', '010000101'],
    [' ', '011000100'],
    ['%', '000101010'],
  ])('draws %s as %s (1 = wide)', (character, pattern) => {
    expect(barWidths('CODE_39', character)?.slice(10, 19)).toEqual(code39(pattern));
  });
});

describe('barWidths', () => {
  it.each([
    ['CODE_128', ''],
    ['CODE_128', 'Café'],
    ['CODE_128', 'tab\there'],
    ['CODE_39', 'abc'],
    ['CODE_39', 'A*B'],
    ['CODE_39', ''],
    ['EAN_13', '4006381333931'],
    ['QR_CODE', 'MC-100200300'],
  ])('has no bars for %s %j', (format, text) => {
    expect(barWidths(format, text)).toBeUndefined();
  });
});

describe('barsPath', () => {
  it('draws every other width as a bar, after the quiet zone', () => {
    expect(QUIET_ZONE).toBe(10);
    expect(barsPath([2, 1, 1, 3, 1], 50)).toBe('M10 0h2v50h-2zM13 0h1v50h-1zM17 0h1v50h-1z');
    expect(symbolWidth([2, 1, 1, 3, 1])).toBe(28);
  });
});
