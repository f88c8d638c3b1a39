import { describe, expect, it } from 'vitest';
import {
  fontFaceSheets,
  fontFamily,
  fontPackage,
  fontStretch,
  fontStyleSheets,
  siteFontSheets,
  webFontStyleSheets,
  weightStyleSheet,
} from './font-files';

// The fonts of docs/pages-and-links.md#fonts, as a theme names them.
const SPEC_FONTS = [
  'Barlow', 'Bitter', 'Bodoni Moda', 'Cabin', 'Cormorant', 'Dosis', 'EB Garamond', 'Fira Sans', 'Hepta Slab',
  'Josefin Sans', 'Lato', 'Libre Baskerville', 'Lora', 'Merriweather', 'Montserrat', 'Muli', 'Noto Sans', 'Noto Serif',
  'Nunito', 'Open Sans', 'Open Sans Condensed', 'Oswald', 'Outfit', 'Overpass', 'Playfair Display', 'Poppins', 'Prompt',
  'PT Sans', 'PT Serif', 'Quicksand', 'Raleway', 'Roboto', 'Roboto Condensed', 'Roboto Mono', 'Roboto Slab',
  'Rokkitt', 'Rubik', 'Source Sans Pro', 'Spartan', 'Titillium Web', 'Ubuntu', 'Urbanist', 'Work Sans',
];

// The style sheets the build can load (load-font-style-sheets.ts globs the same files).
const INSTALLED = new Set(
  Object.keys(
    import.meta.glob([
      '/node_modules/@fontsource/*/400.css',
      '/node_modules/@fontsource-variable/open-sans/wdth.css',
    ]),
  ).map((path) => path.replace('/node_modules/', '')),
);

describe('the fonts docs/pages-and-links.md#fonts lists', () => {
  it('number 43, and each has its regular style sheet installed', () => {
    expect(SPEC_FONTS).toHaveLength(43);
    const missing = SPEC_FONTS.filter((font) => !INSTALLED.has(fontStyleSheets(font, ['400'])[0] ?? ''));
    expect(missing).toEqual([]);
  });
});

describe('fontFamily, fontPackage and fontStretch', () => {
  it.each([
    ['Lato', 'Lato', '@fontsource/lato', 'normal'],
    [' Playfair  Display ', 'Playfair Display', '@fontsource/playfair-display', 'normal'],
    ['Muli', 'Mulish', '@fontsource/mulish', 'normal'],
    ['Spartan', 'League Spartan', '@fontsource/league-spartan', 'normal'],
    ['Source Sans Pro', 'Source Sans 3', '@fontsource/source-sans-3', 'normal'],
    ['Open Sans Condensed', 'Open Sans Variable', '@fontsource-variable/open-sans', '75%'],
  ])('%s is %s from %s at %s', (font, family, pkg, stretch) => {
    expect(fontFamily(font)).toBe(family);
    expect(fontPackage(font)).toBe(pkg);
    expect(fontStretch(font)).toBe(stretch);
  });
});

describe('weightStyleSheet', () => {
  it.each([
    ['400', '400.css'],
    ['400i', '400-italic.css'],
    ['900i', '900-italic.css'],
    ['450', undefined],
    ['bold', undefined],
    ['', undefined],
  ])('%s -> %s', (weight, expected) => {
    expect(weightStyleSheet(weight)).toBe(expected);
  });
});

describe('fontStyleSheets', () => {
  it.each<[string | undefined, string[] | undefined, string[]]>([
    ['Lato', ['400', '400i', '700'], ['@fontsource/lato/400.css', '@fontsource/lato/400-italic.css', '@fontsource/lato/700.css']],
    ['Montserrat', undefined, ['@fontsource/montserrat/400.css']],
    ['Montserrat', ['700', '700', 'x'], ['@fontsource/montserrat/700.css']],
    ['Open Sans Condensed', ['300', '700', '700i'], ['@fontsource-variable/open-sans/wdth.css', '@fontsource-variable/open-sans/wdth-italic.css']],
    [undefined, ['400'], []],
    ['', ['400'], []],
  ])('%s %j', (font, weights, expected) => {
    expect(fontStyleSheets(font, weights)).toEqual(expected);
  });
});

describe('fontFaceSheets', () => {
  it('names the face each sheet declares: the family, the weight asked for and the style', () => {
    expect(fontFaceSheets('Muli', ['400', '700i'])).toEqual([
      { sheet: '@fontsource/mulish/400.css', family: 'Mulish', weight: '400', style: 'normal' },
      { sheet: '@fontsource/mulish/700-italic.css', family: 'Mulish', weight: '700', style: 'italic' },
    ]);
    // A variable font's one sheet is named once, for the first weight asked for.
    expect(fontFaceSheets('Open Sans Condensed', ['300', '700'])).toEqual([
      { sheet: '@fontsource-variable/open-sans/wdth.css', family: 'Open Sans Variable', weight: '300', style: 'normal' },
    ]);
  });
});

describe('webFontStyleSheets', () => {
  it.each<[string, string[]]>([
    ['Lato', ['@fontsource/lato/400.css']],
    ['Playfair Display:700,400i', ['@fontsource/playfair-display/700.css', '@fontsource/playfair-display/400-italic.css']],
    ['Montserrat:600italic, 800', ['@fontsource/montserrat/600-italic.css', '@fontsource/montserrat/800.css']],
    ['Lato:bold', []],
    ['', []],
  ])('%s -> %o', (entry, expected) => {
    expect(webFontStyleSheets(entry)).toEqual(expected);
  });
});

const demoFonts = {
  body: 'Lato',
  heading: 'Montserrat',
  fontWeights: { body: { weights: ['400', '400i', '700'] }, heading: { weights: ['600', '700'] } },
};

describe('siteFontSheets', () => {
  it("holds the theme's fonts in their weights and the other web fonts, once each", () => {
    expect(siteFontSheets(demoFonts, ['Lato', 'Oswald:500'])).toEqual([
      '@fontsource/lato/400.css',
      '@fontsource/lato/400-italic.css',
      '@fontsource/lato/700.css',
      '@fontsource/montserrat/600.css',
      '@fontsource/montserrat/700.css',
      '@fontsource/oswald/500.css',
    ]);
    expect(siteFontSheets(undefined, undefined)).toEqual([]);
  });
});
