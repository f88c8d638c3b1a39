// The linear barcodes a cinema till scans from a member's card (scannableCodeFormat,
// docs/loyalty.md#cards): a code as the widths of its alternating bars and spaces, in
// modules, starting and ending with a bar, and those bars as one SVG path.

/**
 * Code 128 symbol values 0 to 106 as bar, space, bar, space, bar, space widths (11 modules;
 * the stop, 106, has a final 2-module bar: 13). In code set B, value = character code - 32.
 */
const CODE_128 = [
  '212222', '222122', '222221', '121223', '121322', '131222', '122213', '122312', '132212', '221213',
  '221312', '231212', '112232', '122132', '122231', '113222', '123122', '123221', '223211', '221132',
  '221231', '213212', '223112', '312131', '311222', '321122', '321221', '312212', '322112', '322211',
  '212123', '212321', '232121', '111323', '131123', '131321', '112313', '132113', '132311', '211313',
  '231113', '231311', '112133', '112331', '132131', '113123', '113321', '133121', '313121', '211331',
  '231131', '213113', '213311', '213131', '311123', '311321', '331121', '312113', '312311', '332111',
  '314111', '221411', '431111', '111224', '111422', '121124', '121421', '141122', '141221', '112214',
  '112412', '122114', '122411', '142112', '142211', '241211', '221114', '413111', '241112', '134111',
  '111242', '121142', '121241', '114212', '124112', '124211', '411212', '421112', '421211', '212141',
  '214121', '412121', '111143', '111341', '131141', '114113', '114311', '411113', '411311', '113141',
  '114131', '311141', '411131', '211412', '211214', '211232', '2331112',
];
const START_B = 104;
const STOP = 106;
const CHECKSUM_MODULUS = 103;

/** Code 39's characters, then each one's 9 elements (5 bars, 4 spaces), 1 where wide. */
const CODE_39_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ-. $/+%*';
const CODE_39 = [
  '000110100', '100100001', '001100001', '101100000', '000110001', '100110000', '001110000', '000100101', '100100100', '001100100',
  '100001001', '001001001', '101001000', '000011001', '100011000', '001011000', '000001101', '100001100', '001001100', '000011100',
  '100000011', '001000011', '101000010', '000010011', '100010010', '001010010', '000000111', '100000110', '001000110', '000010110',
  '110000001', '011000001', '111000000', '010010001', '110010000', '011010000', '010000101', '110000100', '011000100', '010101000',
  '010100010', '010001010', '000101010', '010010100',
];
/** Wide elements three times the narrow one, the top of the symbology's 2:1 to 3:1 range. */
const CODE_39_WIDE = 3;
const CODE_39_START_STOP = '*';

/** The light margin scanners need on each side, in modules: 10 for both symbologies. */
export const QUIET_ZONE = 10;

/** The symbol values of `text` in Code 128 code set B: start, data, checksum, stop; undefined when a character is outside ASCII 32 to 127. */
export function code128Values(text: string): number[] | undefined {
  const data = Array.from(text, (character) => character.charCodeAt(0) - 32);
  if (data.length === 0 || data.some((value) => value < 0 || value > 95)) return undefined;
  return [START_B, ...data, code128Checksum(data), STOP];
}

/** Start B's value plus each data value times its position (from 1), modulo 103. */
export function code128Checksum(data: readonly number[]): number {
  return data.reduce((sum, value, index) => sum + value * (index + 1), START_B) % CHECKSUM_MODULUS;
}

/** The patterns' widths in a row, `gap` between two; undefined when a symbol has no pattern. */
function joinPatterns(
  patterns: ReadonlyArray<string | undefined>,
  gap: readonly number[],
  width: (digit: string) => number,
): number[] | undefined {
  const widths: number[] = [];
  for (const [index, pattern] of patterns.entries()) {
    if (pattern === undefined) return undefined;
    if (index > 0) widths.push(...gap);
    widths.push(...Array.from(pattern, width));
  }
  return widths;
}

function code128Widths(text: string): number[] | undefined {
  const values = code128Values(text);
  return values && joinPatterns(values.map((value) => CODE_128[value]), [], Number);
}

/** Code 39 between its start and stop characters, one narrow space between characters. */
function code39Widths(text: string): number[] | undefined {
  if (text.length === 0 || text.includes(CODE_39_START_STOP)) return undefined;
  const characters = Array.from(`${CODE_39_START_STOP}${text}${CODE_39_START_STOP}`);
  return joinPatterns(
    characters.map((character) => CODE_39[CODE_39_CHARACTERS.indexOf(character)]),
    [1],
    (wide) => (wide === '1' ? CODE_39_WIDE : 1),
  );
}

const ENCODERS: Record<string, (text: string) => number[] | undefined> = {
  CODE_128: code128Widths,
  CODE_39: code39Widths,
};

/** Bar and space widths of `text` in `format`; undefined for another format or a text it cannot hold. */
export function barWidths(format: string, text: string): number[] | undefined {
  return ENCODERS[format]?.(text);
}

/** The bars as one path, `height` tall, the first one after the left quiet zone. */
export function barsPath(widths: readonly number[], height: number): string {
  let x = QUIET_ZONE;
  return widths
    .map((width, index) => {
      const bar = index % 2 === 0 ? `M${x} 0h${width}v${height}h${-width}z` : '';
      x += width;
      return bar;
    })
    .join('');
}

/** The symbol's whole width in modules, quiet zones included. */
export function symbolWidth(widths: readonly number[]): number {
  return widths.reduce((sum, width) => sum + width, 2 * QUIET_ZONE);
}
