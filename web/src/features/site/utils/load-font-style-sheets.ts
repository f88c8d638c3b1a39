// Every weight of every installed fontsource font, each its own lazily loaded chunk:
// only the files the theme names are fetched. This module is itself loaded on demand,
// keeping its table out of the first chunk, and only for a face the document does not
// declare yet (font-sheets-to-load.ts): a published page's sheets are in its head. A font
// without a package here falls back to the system stack of theme-tokens.ts.
const STYLE_SHEETS = import.meta.glob([
  '/node_modules/@fontsource/*/[1-9]00{,-italic}.css',
  '/node_modules/@fontsource-variable/open-sans/wdth{,-italic}.css',
]);

/** Loads `sheets` (`@fontsource/lato/400.css`, see font-files.ts); unknown ones are skipped. */
export function loadFontStyleSheets(sheets: readonly string[]): Promise<unknown[]> {
  return Promise.all(sheets.flatMap((sheet) => STYLE_SHEETS[`/node_modules/${sheet}`]?.() ?? []));
}
