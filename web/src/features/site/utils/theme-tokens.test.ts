import { describe, expect, it } from 'vitest';
import { contrastRatio, FALLBACK_TEXT } from '@/rules/contrast';
import type { SiteConfig } from '@/types/api';
import { buildThemeTokens, buttonRadius, contentRadius, fontStack, themeStyleSheet, wrappingButtonRadius } from './theme-tokens';

const config: SiteConfig = {
  theme: {
    colors: { brand1: '#1e3a8a' },
    palette: {
      primary: '#f5b400',
      accent: '#ffffff',
      highlight: '#e11d48',
      muted: '#9ca3af',
      background: '#ffffff',
      headerBackground: '#0b1020',
      footerBackground: '#0b1020',
    },
    fonts: { body: 'Lato', heading: 'Playfair Display' },
  },
  roundness: { buttons: 'HIGH', content: 'NONE' },
};

describe('buildThemeTokens', () => {
  it('puts readable text on every surface in light mode', () => {
    const tokens = buildThemeTokens(config, 'light');
    expect(tokens['--color-background']).toBe('#ffffff');
    expect(tokens['--color-text']).toBe(FALLBACK_TEXT.dark);
    expect(tokens['--color-header-text']).toBe(FALLBACK_TEXT.light);
    // A yellow primary gets dark text on its buttons...
    expect(tokens['--color-readable-primary']).toBe(FALLBACK_TEXT.dark);
    // ...and is not used as link text on white, where it would be unreadable.
    expect(tokens['--color-primary-as-text']).toBe(FALLBACK_TEXT.dark);
    // A white accent is invisible on white: the text colour stands in for it.
    expect(tokens['--color-visible-accent']).toBe(FALLBACK_TEXT.dark);
    // A light grey muted colour fails AA on white and falls back to darkAlt.
    expect(tokens['--color-muted']).toBe(FALLBACK_TEXT.darkAlt);
  });

  it('moves the page onto a dark surface in dark mode', () => {
    const tokens = buildThemeTokens(config, 'dark');
    const background = tokens['--color-background'] ?? '';
    expect(contrastRatio(background, '#000000')).toBeLessThan(2);
    expect(tokens['--color-text']).toBe(FALLBACK_TEXT.light);
    expect(tokens['--color-visible-accent']).toBe('#ffffff');
    expect(tokens['--color-primary']).toBe('#f5b400');
  });

  it('keeps a light header readable in dark mode by darkening it', () => {
    const lightHeader: SiteConfig = { theme: { palette: { headerBackground: '#fafafa' } } };
    const tokens = buildThemeTokens(lightHeader, 'dark');
    expect(tokens['--color-header-text']).toBe(FALLBACK_TEXT.light);
  });

  it('falls back to defaults for missing or malformed colours', () => {
    const tokens = buildThemeTokens({ theme: { palette: { primary: 'red' } } }, 'light');
    expect(tokens['--color-primary']).toMatch(/^#[0-9a-f]{6}$/i);
    expect(tokens['--color-background']).toBe('#FFFFFF');
  });

  it('maps fonts and roundness', () => {
    const tokens = buildThemeTokens(config, 'light');
    expect(tokens['--font-body']?.startsWith('"Lato", "Lato fallback", system-ui')).toBe(true);
    expect(tokens['--font-heading']?.startsWith('"Playfair Display", "Playfair Display fallback", Georgia')).toBe(true);
    expect(tokens['--font-stretch-body']).toBe('normal');
    expect(tokens['--radius-button']).toBe('999px');
    expect(tokens['--radius-button-wrapping']).toBe('1.375rem');
    expect(tokens['--radius-content']).toBe('0');
  });

  it('gives each target the font style the theme names, normal by default', () => {
    const styled = (fontStyles: Record<string, string>) =>
      buildThemeTokens({ theme: { fonts: { body: 'Lato', fontStyles } } }, 'light');
    expect(styled({})['--font-style-body']).toBe('normal');
    expect(styled({})['--font-style-heading']).toBe('normal');
    expect(styled({ heading: 'italic' })['--font-style-heading']).toBe('italic');
    expect(styled({ heading: 'italic' })['--font-style-body']).toBe('normal');
    // Headings follow the body unless they name their own.
    expect(styled({ body: 'oblique' })['--font-style-heading']).toBe('oblique');
    expect(styled({ body: 'slanted' })['--font-style-body']).toBe('normal');
  });

  it('shows Open Sans Condensed as Open Sans narrowed on its width axis', () => {
    const tokens = buildThemeTokens({ theme: { fonts: { body: 'Lato', heading: 'Open Sans Condensed' } } }, 'light');
    expect(tokens['--font-heading']?.startsWith('"Open Sans Variable", "Open Sans Variable fallback", system-ui')).toBe(true);
    expect(tokens['--font-stretch-heading']).toBe('75%');
    expect(tokens['--font-stretch-body']).toBe('normal');
  });
});

describe('radii', () => {
  it.each([
    ['NONE', '0', '0', '0'],
    ['MEDIUM', '6px', '6px', '8px'],
    // A pill, but a wrapped button's radius is half a one-line button's height.
    ['HIGH', '999px', '1.375rem', '16px'],
    [undefined, '6px', '6px', '8px'],
    ['ROUND', '6px', '6px', '8px'],
  ])('%s gives buttons %s (%s when their text can wrap) and content %s', (roundness, button, wrapping, content) => {
    expect(buttonRadius(roundness)).toBe(button);
    expect(wrappingButtonRadius(roundness)).toBe(wrapping);
    expect(contentRadius(roundness)).toBe(content);
  });
});

describe('fontStack', () => {
  it.each([
    [undefined, /^system-ui/],
    ['Roboto Mono', /^"Roboto Mono", "Roboto Mono fallback", ui-monospace/],
    ['Merriweather', /^"Merriweather", "Merriweather fallback", Georgia/],
    [' Playfair  Display ', /^"Playfair Display", "Playfair Display fallback", Georgia/],
    ['Rokkitt', /^"Rokkitt", "Rokkitt fallback", Georgia/],
    ['Montserrat', /^"Montserrat", "Montserrat fallback", system-ui/],
    ['Muli', /^"Mulish", "Mulish fallback", system-ui/],
    ['Evil"; } body {', /^"Evil body", "Evil body fallback", system-ui/],
  ])('for %j', (name, expected) => {
    expect(fontStack(name)).toMatch(expected);
  });
});

describe('themeStyleSheet', () => {
  it('holds the light tokens on the root and the dark ones under the dark colour mode', () => {
    const config = { theme: { palette: { primary: '#1e3a8a', background: '#ffffff' } } };
    const sheet = themeStyleSheet(config);
    const light = buildThemeTokens(config, 'light');
    const dark = buildThemeTokens(config, 'dark');
    expect(sheet.startsWith(':root{')).toBe(true);
    expect(sheet).toContain(`--color-background:${light['--color-background']}`);
    expect(sheet).toContain(`:root[data-color-mode="dark"]{`);
    expect(sheet.split(':root[data-color-mode="dark"]')[1]).toContain(`--color-background:${dark['--color-background']}`);
  });

  it('leaves out a value that could break out of the sheet', () => {
    const sheet = themeStyleSheet({ theme: { fonts: { body: 'Lato}</style><script>' } } });
    expect(sheet).not.toMatch(/<\/style|<script/);
    expect(sheet).not.toContain('--font-body:');
  });
});
