import { describe, expect, it } from 'vitest';
import { fontPackage, fontStyleSheets, webFontStyleSheets, weightStyleSheet } from './font-files';

describe('fontPackage', () => {
  it.each([
    ['Lato', 'lato'],
    ['Playfair Display', 'playfair-display'],
    [' Source  Sans Pro ', 'source-sans-pro'],
  ])('%s -> %s', (font, expected) => {
    expect(fontPackage(font)).toBe(expected);
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
    ['Lato', ['400', '400i', '700'], ['lato/400.css', 'lato/400-italic.css', 'lato/700.css']],
    ['Montserrat', undefined, ['montserrat/400.css']],
    ['Montserrat', ['700', '700', 'x'], ['montserrat/700.css']],
    [undefined, ['400'], []],
    ['', ['400'], []],
  ])('%s %j', (font, weights, expected) => {
    expect(fontStyleSheets(font, weights)).toEqual(expected);
  });
});

describe('webFontStyleSheets', () => {
  it.each<[string, string[]]>([
    ['Lato', ['lato/400.css']],
    ['Playfair Display:700,400i', ['playfair-display/700.css', 'playfair-display/400-italic.css']],
    ['Montserrat:600italic, 800', ['montserrat/600-italic.css', 'montserrat/800.css']],
    ['Lato:bold', []],
    ['', []],
  ])('%s -> %o', (entry, expected) => {
    expect(webFontStyleSheets(entry)).toEqual(expected);
  });
});
