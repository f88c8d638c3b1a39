import type { Fonts } from '@/types/api';

// Theme fonts are self-hosted from the fontsource packages (no font CDN): one style sheet
// per font, weight and style, loaded only when the theme asks for it. The font list of
// docs/pages-and-links.md#fonts keeps some old names; fontsource publishes those families
// under their current ones.

/**
 * The families a theme may name (docs/pages-and-links.md#fonts), as it names them: each
 * has its fontsource package installed, so the site can load every one of them. The
 * studio offers these.
 */
export const THEME_FONTS = [
  'Barlow', 'Bitter', 'Bodoni Moda', 'Cabin', 'Cormorant', 'Dosis', 'EB Garamond', 'Fira Sans', 'Hepta Slab',
  'Josefin Sans', 'Lato', 'Libre Baskerville', 'Lora', 'Merriweather', 'Montserrat', 'Muli', 'Noto Sans', 'Noto Serif',
  'Nunito', 'Open Sans', 'Open Sans Condensed', 'Oswald', 'Outfit', 'Overpass', 'Playfair Display', 'Poppins', 'Prompt',
  'PT Sans', 'PT Serif', 'Quicksand', 'Raleway', 'Roboto', 'Roboto Condensed', 'Roboto Mono', 'Roboto Slab',
  'Rokkitt', 'Rubik', 'Source Sans Pro', 'Spartan', 'Titillium Web', 'Ubuntu', 'Urbanist', 'Work Sans',
] as const;

/** The weights a theme may name for a font, lightest first, each upright then italic ("400", "400i"). */
export const THEME_FONT_WEIGHTS = [
  '100', '100i', '200', '200i', '300', '300i', '400', '400i', '500', '500i', '600', '600i', '700', '700i', '800', '800i', '900', '900i',
] as const;

/** The name in docs/pages-and-links.md#fonts -> the family's current name. */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  Muli: 'Mulish',
  Spartan: 'League Spartan',
  'Source Sans Pro': 'Source Sans 3',
};

/**
 * Open Sans Condensed is no longer a family of its own: it is Open Sans's variable font
 * on its width axis, narrowed to 75 %. One sheet holds every weight (`wdth.css`).
 */
const CONDENSED: Readonly<Record<string, { family: string; directory: string; stretch: string }>> = {
  'Open Sans Condensed': { family: 'Open Sans Variable', directory: '@fontsource-variable/open-sans', stretch: '75%' },
};

function cleanName(font: string): string {
  return font.trim().replace(/\s+/g, ' ');
}

/** The family a font's style sheets declare: "Muli" -> "Mulish". */
export function fontFamily(font: string): string {
  const name = cleanName(font);
  return CONDENSED[name]?.family ?? CURRENT_NAMES[name] ?? name;
}

/** The `font-stretch` a font is shown at: `normal`, or the width its name stands for. */
export function fontStretch(font: string | undefined): string {
  return (font && CONDENSED[cleanName(font)]?.stretch) ?? 'normal';
}

/** The fontsource package of a font: "Playfair Display" -> "@fontsource/playfair-display". */
export function fontPackage(font: string): string {
  const name = cleanName(font);
  return CONDENSED[name]?.directory ?? `@fontsource/${fontFamily(name).toLowerCase().replace(/ /g, '-')}`;
}

/** A theme weight read: "400" -> 400 upright, "400i" -> 400 italic; undefined for any other. */
function themeWeight(weight: string): { weight: string; italic: boolean } | undefined {
  const match = /^([1-9]00)(i)?$/.exec(weight.trim());
  return match?.[1] ? { weight: match[1], italic: Boolean(match[2]) } : undefined;
}

/** A fontsource style sheet's name: "400" -> "400.css", its italic "400-italic.css"; likewise "wdth". */
function sheetName(base: string, italic: boolean): string {
  return `${base}${italic ? '-italic' : ''}.css`;
}

/** Style-sheet name of a theme weight: "400" -> "400.css", "400i" -> "400-italic.css". */
export function weightStyleSheet(weight: string): string | undefined {
  const read = themeWeight(weight);
  return read && sheetName(read.weight, read.italic);
}

/** A font style sheet and the face it declares, as the document's font set lists it once the sheet is in. */
export type FontFaceSheet = {
  /** `@fontsource/lato/700-italic.css` */
  sheet: string;
  /** The family it declares: "Lato". */
  family: string;
  /** The weight it was asked for: "700" (a variable font's one sheet declares a range holding it). */
  weight: string;
  style: 'normal' | 'italic';
};

/** `faces` with each sheet once, where first named: a variable font's one sheet serves many weights. */
function oncePerSheet(faces: readonly FontFaceSheet[]): FontFaceSheet[] {
  const bySheet = new Map<string, FontFaceSheet>();
  for (const face of faces) if (!bySheet.has(face.sheet)) bySheet.set(face.sheet, face);
  return [...bySheet.values()];
}

/** The style sheets a font needs in `weights`, with their faces; regular when none is named. */
export function fontFaceSheets(font: string | undefined, weights: readonly string[] | undefined): FontFaceSheet[] {
  if (!font?.trim()) return [];
  const variable = Boolean(CONDENSED[cleanName(font)]);
  const faces = (weights?.length ? weights : ['400']).flatMap((named): FontFaceSheet[] => {
    const read = themeWeight(named);
    if (!read) return [];
    return [
      {
        sheet: `${fontPackage(font)}/${sheetName(variable ? 'wdth' : read.weight, read.italic)}`,
        family: fontFamily(font),
        weight: read.weight,
        style: read.italic ? 'italic' : 'normal',
      },
    ];
  });
  return oncePerSheet(faces);
}

/**
 * The style sheets (`@fontsource/lato/700.css`) a font needs in `weights`; regular when
 * none is named. A width taken from a variable font has one sheet for every weight.
 */
export function fontStyleSheets(font: string | undefined, weights: readonly string[] | undefined): string[] {
  return fontFaceSheets(font, weights).map(({ sheet }) => sheet);
}

/**
 * The style sheets of a `googleFonts` entry (docs/pages-and-links.md#fonts), with
 * their faces: a family with the weights after a colon, Google Fonts' way, "Lato:400,700i"
 * or "Lato:400italic"; regular alone when none are named. Self-hosted like the theme fonts.
 */
function webFontFaceSheets(entry: string): FontFaceSheet[] {
  const [family = '', weights = ''] = entry.split(':', 2);
  const named = weights
    .split(',')
    .map((weight) => weight.trim().replace(/italic$/, 'i'))
    .filter(Boolean);
  return fontFaceSheets(family, named);
}

/** The style sheets of a `googleFonts` entry: "Lato:400,700i" -> Lato's 400 and 700 italic. */
export function webFontStyleSheets(entry: string): string[] {
  return webFontFaceSheets(entry).map(({ sheet }) => sheet);
}

/** Every style sheet the site's fonts need, with its face: the theme's body and heading fonts in their weights, then its other web fonts. */
export function siteFontFaceSheets(fonts: Fonts | null | undefined, webFonts: readonly string[] | undefined): FontFaceSheet[] {
  return oncePerSheet([
    ...fontFaceSheets(fonts?.body, fonts?.fontWeights?.body?.weights),
    ...fontFaceSheets(fonts?.heading, fonts?.fontWeights?.heading?.weights),
    ...(webFonts ?? []).flatMap(webFontFaceSheets),
  ]);
}

/** Every style sheet the site's fonts need (siteFontFaceSheets' sheets). */
export function siteFontSheets(fonts: Fonts | null | undefined, webFonts: readonly string[] | undefined): string[] {
  return siteFontFaceSheets(fonts, webFonts).map(({ sheet }) => sheet);
}
