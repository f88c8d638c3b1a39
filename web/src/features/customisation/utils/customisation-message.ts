// Live customisation by a parent site-builder window (docs/pages-and-links.md#live-customisation):
// seven message types, accepted from allowed origins
// only, each changing one part of the look while the builder edits it.
import type { Palette } from '@/types/api';

export type FontTarget = 'body' | 'heading';
export type FontChoice = { target: FontTarget; name: string; weights: string[] };

export type Customisation = {
  palette?: Palette;
  fonts?: Partial<Record<FontTarget, { name: string; weights: string[] }>>;
  headerLayout?: string;
  footerLayout?: string;
  logoSize?: string;
  hasSearch?: boolean;
  footerMobileLinks?: boolean;
};

const PALETTE_KEYS = [
  'primary', 'accent', 'highlight', 'muted', 'background', 'footerBackground', 'headerBackground',
] as const;

/**
 * Whether `origin` is one of `allowed`: exact origins, or `https://*.example.com` for
 * any sub-domain of example.com over that scheme.
 */
export function isAllowedOrigin(origin: string, allowed: readonly string[]): boolean {
  const normalised = origin.toLowerCase();
  return allowed.some((entry) => {
    const pattern = entry.trim().toLowerCase().replace(/\/+$/, '');
    const wildcard = /^([a-z]+:\/\/)\*\.(.+)$/.exec(pattern);
    if (!wildcard) return pattern === normalised;
    const [, scheme, domain] = wildcard;
    return normalised.startsWith(scheme ?? '') && normalised.endsWith(`.${domain}`);
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readPalette(value: unknown): Palette | undefined {
  if (!isRecord(value)) return undefined;
  const palette: Palette = {};
  for (const key of PALETTE_KEYS) {
    const colour = value[key];
    if (typeof colour === 'string') palette[key] = colour;
  }
  return Object.keys(palette).length > 0 ? palette : undefined;
}

function readFont(value: unknown): FontChoice | undefined {
  if (!isRecord(value)) return undefined;
  const { target, name, weights } = value;
  if ((target !== 'body' && target !== 'heading') || typeof name !== 'string' || name.trim() === '') return undefined;
  const list = Array.isArray(weights) ? weights.filter((weight): weight is string => typeof weight === 'string') : [];
  return { target, name: name.trim(), weights: list };
}

/** The change a message asks for, or undefined when it is not a valid customisation message. */
export function readCustomisationMessage(data: unknown): Customisation | undefined {
  if (!isRecord(data) || typeof data.type !== 'string') return undefined;
  const value = data[data.type];
  switch (data.type) {
    case 'colorScheme': {
      const palette = readPalette(value);
      return palette ? { palette } : undefined;
    }
    case 'font': {
      const font = readFont(value);
      return font ? { fonts: { [font.target]: { name: font.name, weights: font.weights } } } : undefined;
    }
    case 'headerLayout':
    case 'footerLayout':
    case 'logoSize':
      return typeof value === 'string' ? { [data.type]: value } : undefined;
    case 'hasSearch':
    case 'footerMobileLinks':
      return typeof value === 'boolean' ? { [data.type]: value } : undefined;
    default:
      return undefined;
  }
}

/** `current` with `change` applied on top: later messages win, field by field. */
export function mergeCustomisation(current: Customisation, change: Customisation): Customisation {
  return {
    ...current,
    ...change,
    palette: change.palette ? { ...current.palette, ...change.palette } : current.palette,
    fonts: change.fonts ? { ...current.fonts, ...change.fonts } : current.fonts,
  };
}

/** The layout choices as data attributes of the document root, for the style sheets. */
export function layoutAttributes(customisation: Customisation): Record<string, string | undefined> {
  const flag = (value: boolean | undefined) => (value === undefined ? undefined : String(value));
  return {
    headerLayout: customisation.headerLayout,
    footerLayout: customisation.footerLayout,
    logoSize: customisation.logoSize,
    hasSearch: flag(customisation.hasSearch),
    footerMobileLinks: flag(customisation.footerMobileLinks),
  };
}

/** docs/pages-and-links.md#live-customisation: posted to the opener or parent once the page is mounted. */
export const MOUNTED_MESSAGE = { type: 'lifeCycle', lifeCycle: 'mounted' } as const;
