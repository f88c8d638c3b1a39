// Theme fonts are self-hosted from the @fontsource packages (no font CDN): one style
// sheet per font, weight and style, loaded only when the theme asks for it.

/** '@fontsource' package name of a font: "Playfair Display" -> "playfair-display". */
export function fontPackage(font: string): string {
  return font.trim().toLowerCase().replace(/\s+/g, '-');
}

/** Style-sheet name of a theme weight: "400" -> "400.css", "400i" -> "400-italic.css". */
export function weightStyleSheet(weight: string): string | undefined {
  const match = /^([1-9]00)(i)?$/.exec(weight.trim());
  if (!match) return undefined;
  return match[2] ? `${match[1]}-italic.css` : `${match[1]}.css`;
}

/** The style sheets (`package/weight.css`) a font needs; regular when no weight is named. */
export function fontStyleSheets(font: string | undefined, weights: readonly string[] | undefined): string[] {
  if (!font?.trim()) return [];
  const sheets = (weights?.length ? weights : ['400'])
    .map(weightStyleSheet)
    .filter((sheet): sheet is string => Boolean(sheet));
  return [...new Set(sheets)].map((sheet) => `${fontPackage(font)}/${sheet}`);
}

/**
 * The style sheets of a `googleFonts` entry (SPEC.md section 3, "list of web fonts"): a
 * family with the weights after a colon, Google Fonts' way, "Lato:400,700i" or
 * "Lato:400italic"; regular alone when none are named. Self-hosted like the theme fonts.
 */
export function webFontStyleSheets(entry: string): string[] {
  const [family = '', weights = ''] = entry.split(':', 2);
  const named = weights
    .split(',')
    .map((weight) => weight.trim().replace(/italic$/, 'i'))
    .filter(Boolean);
  return fontStyleSheets(family, named);
}
