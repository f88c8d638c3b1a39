import { describe, expect, it } from 'vitest';
import { barModules, barsPath, QUIET_ZONE, symbolWidth } from './barcode';

/** Bar and space widths, as the symbologies' tables give them, as modules ('1' dark). */
const fromWidths = (widths: string) =>
  Array.from(widths, (width, index) => (index % 2 === 0 ? '1' : '0').repeat(Number(width))).join('');

const CODE_128_START_B = fromWidths('211214');
const CODE_128_START_C = fromWidths('211232');
const CODE_128_STOP = fromWidths('2331112');

describe('Code 128', () => {
  it('encodes the worked example PJJ123C in code set B: start B, the characters, checksum 55 and stop', () => {
    // P, J, J, 1, 2, 3, C, then the checksum symbol (55), 11 modules each.
    const symbols = [
      '11101110110',
      '10110111000',
      '10110111000',
      '10011100110',
      '11001110010',
      '11001011100',
      '10001000110',
      '11101000110',
    ];
    expect(barModules('CODE_128', 'PJJ123C')).toBe([CODE_128_START_B, ...symbols, CODE_128_STOP].join(''));
  });

  it('encodes a card number of digits in code set C, two digits a symbol: about half as wide', () => {
    const digits = barModules('CODE_128', '4000123456789012') ?? '';
    expect(digits.startsWith(CODE_128_START_C)).toBe(true);
    expect(digits.endsWith(CODE_128_STOP)).toBe(true);
    // Start, 8 pairs of digits and the checksum at 11 modules, the 13-module stop.
    expect(digits).toHaveLength(10 * 11 + 13);
  });
});

describe('Code 39', () => {
  it('draws the text between * start and stop characters, wide elements three modules, a narrow gap between characters', () => {
    const star = fromWidths('131131311');
    const a = fromWidths('311113113');
    expect(barModules('CODE_39', 'A')).toBe(`${star}0${a}0${star}0`);
  });
});

describe('what a format cannot hold', () => {
  it.each([
    ['CODE_128', ''],
    ['CODE_128', 'Café'],
    ['CODE_39', 'abc'],
    ['CODE_39', 'A*B'],
    ['CODE_39', ''],
    ['EAN_13', '4006381333931'],
  ])('%s has no barcode for %j', (format, text) => {
    expect(barModules(format, text)).toBeUndefined();
  });
});

describe('drawing', () => {
  it('draws each run of dark modules as one bar after the left quiet zone', () => {
    expect(barsPath('1101000111', 50)).toBe(
      `M${QUIET_ZONE} 0h2v50h-2zM${QUIET_ZONE + 3} 0h1v50h-1zM${QUIET_ZONE + 7} 0h3v50h-3z`,
    );
  });

  it('counts the quiet zones in the width', () => {
    expect(symbolWidth('1101')).toBe(4 + 2 * QUIET_ZONE);
  });
});
