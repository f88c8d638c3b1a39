import {
  backgroundWithOffset,
  contrastRatio,
  AA_CONTRAST,
  isDark,
  parseHex,
  readableOn,
  readableText,
  readableTextAlt,
  shade,
  visibleOn,
} from '@/rules/contrast';
import type { ColourMode } from '@/state/colour-mode';
import type { Roundness, SiteConfig } from '@/types/api';
import { FONT_CATEGORIES } from 'virtual:font-categories';
import { fontFamily, fontStretch } from './font-files';

// The site theme (docs/pages-and-links.md#theme) as
// CSS custom properties on the document root. Components style themselves with
// var(--...) only, so one theme change restyles the whole site.

export type ThemeTokens = Record<`--${string}`, string>;

// Used when the bundle leaves a colour out or writes one that is not a hex colour.
const DEFAULTS = {
  primary: '#C8102E',
  accent: '#F5B400',
  highlight: '#F5B400',
  muted: '#6B6B6B',
  background: '#FFFFFF',
  headerBackground: '#141414',
  darkBackground: '#141414',
} as const;

// The system stack of each kind of font (virtual:font-categories says which kind a family is).
const SYSTEM_STACKS = {
  'sans-serif': 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  serif: 'Georgia, Cambria, "Times New Roman", Times, serif',
  monospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

/**
 * The theme font first (used when the visitor has it installed; web fonts are not
 * loaded yet), its metric-matched fallback face (build/font-sheets.ts: a system font
 * sized to take the same room, so the swap does not move the page), then a system stack
 * of the same kind so the page keeps its feel.
 */
export function fontStack(name: string | undefined): string {
  const cleaned = name?.trim().replace(/["\\;{}]/g, '');
  if (!cleaned) return SYSTEM_STACKS['sans-serif'];
  const family = fontFamily(cleaned);
  return `"${family}", "${family} fallback", ${SYSTEM_STACKS[FONT_CATEGORIES[family] ?? 'sans-serif']}`;
}

const BUTTON_RADII: Record<Roundness, string> = { NONE: '0', MEDIUM: '6px', HIGH: '999px' };
const CONTENT_RADII: Record<Roundness, string> = { NONE: '0', MEDIUM: '8px', HIGH: '16px' };
// A button whose text can wrap onto a second line: a pill's radius would make it a tall
// oval. Half the height of a one-line button (2.75rem) keeps one line a pill and two a
// rounded rectangle.
const WRAPPING_BUTTON_RADII: Record<Roundness, string> = { NONE: '0', MEDIUM: '6px', HIGH: '1.375rem' };

/** The site's roundness; MEDIUM for none, or one this build does not know. */
function knownRoundness(roundness: string | undefined): Roundness {
  return roundness === 'NONE' || roundness === 'HIGH' ? roundness : 'MEDIUM';
}

export function buttonRadius(roundness: string | undefined): string {
  return BUTTON_RADII[knownRoundness(roundness)];
}

export function wrappingButtonRadius(roundness: string | undefined): string {
  return WRAPPING_BUTTON_RADII[knownRoundness(roundness)];
}

export function contentRadius(roundness: string | undefined): string {
  return CONTENT_RADII[knownRoundness(roundness)];
}

function colour(value: string | undefined, fallback: string): string {
  return value && parseHex(value) ? value.trim() : fallback;
}

/** A theme's fontStyles value for one target: 'normal' (the default), 'italic' or 'oblique'. */
function fontStyle(value: string | undefined): string {
  return value === 'italic' || value === 'oblique' ? value : 'normal';
}

export function buildThemeTokens(config: SiteConfig | null | undefined, mode: ColourMode): ThemeTokens {
  const palette = config?.theme?.palette ?? {};
  const brand = config?.theme?.colors ?? {};
  const fonts = config?.theme?.fonts ?? {};

  const primary = colour(palette.primary ?? brand.brand1, DEFAULTS.primary);
  const accent = colour(palette.accent ?? brand.brand2, DEFAULTS.accent);
  const highlight = colour(palette.highlight, accent || DEFAULTS.highlight);
  const muted = colour(palette.muted, DEFAULTS.muted);
  const lightBackground = colour(palette.background, DEFAULTS.background);
  const themeHeader = colour(palette.headerBackground, DEFAULTS.headerBackground);
  const themeFooter = colour(palette.footerBackground, themeHeader);

  // Dark mode keeps the brand but moves the page onto a dark surface: the theme's own
  // background when it is already dark, else a deepened header colour when that is
  // dark, else a neutral near-black.
  const darkBackground = isDark(lightBackground)
    ? lightBackground
    : isDark(themeHeader)
      ? shade(themeHeader, 0.3)
      : DEFAULTS.darkBackground;
  const background = mode === 'dark' ? darkBackground : lightBackground;
  const headerBackground =
    mode === 'dark' && !isDark(themeHeader) ? shade(darkBackground, -0.06) : themeHeader;
  const footerBackground =
    mode === 'dark' && !isDark(themeFooter) ? shade(darkBackground, -0.04) : themeFooter;
  const surface = backgroundWithOffset(background);
  const text = readableText(background);
  const textAlt = readableTextAlt(background);

  return {
    '--color-brand1': colour(brand.brand1, primary),
    '--color-brand2': colour(brand.brand2, accent),
    '--color-brand3': colour(brand.brand3, highlight),
    '--color-brand4': colour(brand.brand4, muted),
    '--color-brand5': colour(brand.brand5, lightBackground),
    '--color-brand6': colour(brand.brand6, themeHeader),
    '--color-primary': primary,
    '--color-readable-primary': readableText(primary),
    '--color-primary-as-text': readableOn(primary, background),
    '--color-primary-hover': shade(primary, isDark(primary) ? -0.12 : 0.12),
    '--color-accent': accent,
    '--color-visible-accent': visibleOn(accent, background),
    '--color-readable-accent': readableText(accent),
    '--color-highlight': highlight,
    '--color-readable-highlight': readableText(highlight),
    '--color-muted': contrastRatio(muted, background) >= AA_CONTRAST ? muted : textAlt,
    '--color-background': background,
    '--color-background-with-offset': surface,
    '--color-border': shade(background, isDark(background) ? -0.16 : 0.12),
    '--color-text': text,
    '--color-text-alt': textAlt,
    '--color-header-background': headerBackground,
    '--color-header-text': readableText(headerBackground),
    '--color-header-text-alt': readableTextAlt(headerBackground),
    '--color-header-accent': visibleOn(accent, headerBackground),
    '--color-footer-background': footerBackground,
    '--color-footer-text': readableText(footerBackground),
    '--color-footer-text-alt': readableTextAlt(footerBackground),
    '--font-body': fontStack(fonts.body),
    '--font-heading': fontStack(fonts.heading ?? fonts.body),
    '--font-style-body': fontStyle(fonts.fontStyles?.body),
    '--font-style-heading': fontStyle(fonts.fontStyles?.heading ?? fonts.fontStyles?.body),
    '--font-stretch-body': fontStretch(fonts.body),
    '--font-stretch-heading': fontStretch(fonts.heading ?? fonts.body),
    '--radius-button': buttonRadius(config?.roundness?.buttons),
    '--radius-button-wrapping': wrappingButtonRadius(config?.roundness?.buttons),
    '--radius-content': contentRadius(config?.roundness?.content),
  };
}

/** `--a:b;--c:d` of `tokens`, leaving out any value that could end the declaration or the sheet. */
function declarations(tokens: ThemeTokens): string {
  return Object.entries(tokens)
    .filter(([, value]) => !/[;{}<>\\]/.test(value))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}

/**
 * The theme in both colour modes as a style sheet: the light tokens on the document root,
 * the dark ones where `data-color-mode="dark"` (set before the first paint from the
 * stored choice), so a page rendered on the server is themed before its scripts run.
 */
export function themeStyleSheet(config: SiteConfig | null | undefined): string {
  const light = declarations(buildThemeTokens(config, 'light'));
  const dark = declarations(buildThemeTokens(config, 'dark'));
  return `:root{${light}}:root[data-color-mode="dark"]{${dark}}`;
}
