import { describe, expect, it } from 'vitest';
import {
  fontFaceSheets,
  fontFamily,
  fontPackage,
  fontStretch,
  fontStyleSheets,
  siteFontSheets,
  webFontStyleSheets,
  THEME_FONT_WEIGHTS,
  THEME_FONTS,
  weightStyleSheet,
} from './font-files';

// svc-catalogue refuses a theme naming a font or weight that is not in
// site-paths/theme-fonts.json; the studio offers these lists, and the site loads them.
const accepted = Object.values(
  import.meta.glob<{ families: string[]; weights: string[] }>('../../../../../site-paths/theme-fonts.json', {
    eager: true,
    import: 'default',
  }),
)[0];

describe('the theme fonts', () => {
  it('are the ones the catalogue accepts', () => {
    expect(accepted?.families.length).toBe(43);
    expect([...THEME_FONTS]).toEqual(accepted?.families);
    expect([...THEME_FONT_WEIGHTS]).toEqual(accepted?.weights);
  });
});

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
    expect(THEME_FONTS).toHaveLength(43);
    const missing = THEME_FONTS.filter((font) => !INSTALLED.has(fontStyleSheets(font, ['400'])[0] ?? ''));
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
