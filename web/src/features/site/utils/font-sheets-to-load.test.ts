import { describe, expect, it } from 'vitest';
import { fontFaceSheets, siteFontFaceSheets } from './font-files';
import { fontSheetsToLoad, type DeclaredFace } from './font-sheets-to-load';

const face = (family: string, weight: string, style = 'normal'): DeclaredFace => ({ family, weight, style });

// The demo theme, whose published pages carry these sheets in their head: Lato (400, 400i,
// 700) with its fallback face, and Montserrat (600, 700).
const demoFonts = {
  body: 'Lato',
  heading: 'Montserrat',
  fontWeights: { body: { weights: ['400', '400i', '700'] }, heading: { weights: ['600', '700'] } },
};
const publishedHead = [
  face('Lato fallback', 'normal'),
  face('Lato', '400'),
  face('Lato', '400', 'italic'),
  face('Lato', '700'),
  face('Montserrat fallback', 'normal'),
  face('Montserrat', '600'),
  face('Montserrat', '700'),
];

describe('fontSheetsToLoad', () => {
  it('loads nothing on a published page whose head declares every face', () => {
    expect(fontSheetsToLoad(siteFontFaceSheets(demoFonts, ['Lato:700']), publishedHead)).toEqual([]);
  });

  it('loads the sheets of a font the builder picks, and only those', () => {
    const picked = { ...demoFonts, heading: 'Oswald', fontWeights: { ...demoFonts.fontWeights, heading: { weights: ['500'] } } };
    expect(fontSheetsToLoad(siteFontFaceSheets(picked, undefined), publishedHead)).toEqual(['@fontsource/oswald/500.css']);
  });

  it('tells styles and weights apart, and a family from its fallback face', () => {
    expect(fontSheetsToLoad(fontFaceSheets('Lato', ['700i', '900']), publishedHead)).toEqual([
      '@fontsource/lato/700-italic.css',
      '@fontsource/lato/900.css',
    ]);
    expect(fontSheetsToLoad(fontFaceSheets('Lato', ['400']), [face('Lato fallback', 'normal')])).toEqual([
      '@fontsource/lato/400.css',
    ]);
  });

  it("takes a variable face's weight range, a quoted family and the weight keywords as the browser lists them", () => {
    const condensed = fontFaceSheets('Open Sans Condensed', ['700', '400i']);
    expect(fontSheetsToLoad(condensed, [face('Open Sans Variable', '300 800')])).toEqual([
      '@fontsource-variable/open-sans/wdth-italic.css',
    ]);
    expect(fontSheetsToLoad(fontFaceSheets('Lato', ['400', '700']), [face('"Lato"', 'normal'), face("'Lato'", 'bold')])).toEqual([]);
  });

  it('loads every sheet where the document declares no face', () => {
    expect(fontSheetsToLoad(siteFontFaceSheets(demoFonts, undefined), [])).toHaveLength(5);
    expect(fontSheetsToLoad([], publishedHead)).toEqual([]);
  });
});
