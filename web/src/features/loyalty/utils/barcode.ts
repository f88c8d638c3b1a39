// The linear barcodes a cinema till scans from a member's card (scannableCodeFormat,
// docs/loyalty.md#cards), encoded by JsBarcode into modules (its object target draws
// nothing) and drawn here as one SVG path.

import JsBarcode from 'jsbarcode';

/** The light margin scanners need on each side, in modules: 10 for both symbologies. */
export const QUIET_ZONE = 10;

/** JsBarcode's symbology for each format: Code 128 switching code sets for the shortest symbol. */
const SYMBOLOGIES: Record<string, string> = { CODE_128: 'CODE128', CODE_39: 'CODE39' };

/** The modules of `text` in `format`, '1' dark and '0' light; undefined for another format or a text it cannot hold. */
export function barModules(format: string, text: string): string | undefined {
  const symbology = SYMBOLOGIES[format];
  // JsBarcode upper-cases Code 39's text, which would change the member's code: a code
  // with lower-case letters is printed for the cashier instead.
  if (!symbology || text === '' || (format === 'CODE_39' && text !== text.toUpperCase())) return undefined;
  const encoded: { encodings?: Array<{ data: string }> } = {};
  const check = { valid: false };
  JsBarcode(encoded, text, { format: symbology, valid: (valid) => (check.valid = valid) });
  return check.valid ? encoded.encodings?.map((encoding) => encoding.data).join('') : undefined;
}

/** The dark modules as one path, `height` tall, the first after the left quiet zone. */
export function barsPath(modules: string, height: number): string {
  return Array.from(modules.matchAll(/1+/g), (bar) => `M${QUIET_ZONE + bar.index} 0h${bar[0].length}v${height}h${-bar[0].length}z`).join('');
}

/** The symbol's whole width in modules, quiet zones included. */
export function symbolWidth(modules: string): number {
  return modules.length + 2 * QUIET_ZONE;
}
