import { describe, expect, it } from 'vitest';
import type { SiteDocument } from './api';
import { isThemeColour, lookFieldAtFault, lookFields, lookPatch, type LookFields } from './look-rules';

const document: SiteDocument = {
  name: 'Marquee Cinemas',
  config: {
    locale: 'en-US',
    roundness: { buttons: 'MEDIUM', content: 'HIGH' },
    theme: {
      palette: { primary: '#C8102E', accent: '#F2B705' },
      colors: { brand1: '#C8102E' },
      fonts: { body: 'Lato', heading: 'Montserrat', fontWeights: { body: { weights: ['700', '400i', '400', '450'] } } },
    },
  },
  settings: { hasSearch: true },
};

/** `fields` with `change` made to a copy of them. */
function edited(fields: LookFields, change: (copy: LookFields) => void): LookFields {
  const copy = structuredClone(fields);
  change(copy);
  return copy;
}

describe('lookFields', () => {
  it("fills every field from the document, '' or the site's default where it has none", () => {
    const fields = lookFields(document);
    expect(fields.name).toBe('Marquee Cinemas');
    expect(fields.config.roundness).toEqual({ buttons: 'MEDIUM', content: 'HIGH' });
    expect(fields.config.theme.palette).toEqual({
      primary: '#C8102E', accent: '#F2B705', highlight: '', muted: '', background: '', footerBackground: '', headerBackground: '',
    });
    expect(fields.config.theme.colors.brand2).toBe('');
    // The weights the form offers, in its order; "450" is none of them.
    expect(fields.config.theme.fonts.fontWeights).toEqual({ body: { weights: ['400', '400i', '700'] }, heading: { weights: [] } });
    expect(fields.settings.hasSearch).toBe(true);
  });

  it('reads an empty document', () => {
    const fields = lookFields({ config: null, settings: null });
    expect(fields.name).toBe('');
    expect(fields.config.roundness).toEqual({ buttons: 'MEDIUM', content: 'MEDIUM' });
    expect(fields.config.theme.fonts.body).toBe('');
    expect(fields.settings.hasSearch).toBe(false);
  });
});

describe('lookPatch', () => {
  const before = lookFields(document);

  it.each<[string, (fields: LookFields) => void, unknown]>([
    ['nothing changed', () => undefined, {}],
    ['a colour, upper-cased', (f) => (f.config.theme.palette.primary = '#0a7e8c'), { config: { theme: { palette: { primary: '#0A7E8C' } } } }],
    ['a colour in another case alone', (f) => (f.config.theme.palette.primary = '#c8102e'), {}],
    ['a colour emptied: removed', (f) => (f.config.theme.palette.accent = ' '), { config: { theme: { palette: { accent: null } } } }],
    ['a brand colour', (f) => (f.config.theme.colors.brand2 = '#123456'), { config: { theme: { colors: { brand2: '#123456' } } } }],
    ['the name, trimmed', (f) => (f.name = ' Marquee '), { name: 'Marquee' }],
    ['the language', (f) => (f.config.locale = 'fr-CA'), { config: { locale: 'fr-CA' } }],
    ['a roundness', (f) => (f.config.roundness.buttons = 'NONE'), { config: { roundness: { buttons: 'NONE' } } }],
    ['a font', (f) => (f.config.theme.fonts.heading = 'Oswald'), { config: { theme: { fonts: { heading: 'Oswald' } } } }],
    ['a font back to the default', (f) => (f.config.theme.fonts.body = ''), { config: { theme: { fonts: { body: null } } } }],
    [
      "a font's weights, in the form's order",
      (f) => (f.config.theme.fonts.fontWeights.heading.weights = ['700', '300']),
      { config: { theme: { fonts: { fontWeights: { heading: { weights: ['300', '700'] } } } } } },
    ],
    ['the same weights in another order alone', (f) => (f.config.theme.fonts.fontWeights.body.weights = ['700', '400', '400i']), {}],
    ['the search', (f) => (f.settings.hasSearch = false), { settings: { hasSearch: false } }],
    [
      'two fields of one object',
      (f) => {
        f.config.theme.palette.primary = '#111111';
        f.config.theme.palette.muted = '#222222';
      },
      { config: { theme: { palette: { primary: '#111111', muted: '#222222' } } } },
    ],
  ])('%s', (_change, change, patch) => {
    expect(lookPatch(before, edited(before, change))).toEqual(patch);
  });
});

describe('lookFieldAtFault', () => {
  it.each([
    ['config.theme.palette.primary', 'config.theme.palette.primary'],
    ['name', 'name'],
    ['config.theme.fonts.fontWeights.body.weights.2', 'config.theme.fonts.fontWeights.body.weights'],
    ['config.theme.fonts.fontWeights.heading', 'config.theme.fonts.fontWeights.heading.weights'],
    ['config.theme.palette', undefined],
    ['config.trailingSlash', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%s: %s', (field, expected) => {
    expect(lookFieldAtFault(field)).toBe(expected);
  });
});

describe('isThemeColour', () => {
  it.each([
    ['#C8102E', true],
    [' #c8102e ', true],
    ['#C81', false],
    ['C8102E', false],
    ['#C8102G', false],
    ['', false],
  ])('%j: %s', (value, expected) => {
    expect(isThemeColour(value)).toBe(expected);
  });
});
