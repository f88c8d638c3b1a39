// Readable colours for theme tokens (docs/pages-and-links.md#theme: contrast target AA,
// lab-distance threshold 5.9, fallback text colours).

export type Rgb = { r: number; g: number; b: number };

export const FALLBACK_TEXT = {
  dark: '#212020',
  darkAlt: '#4F4E4E',
  light: '#F7F7F7',
  lightAlt: '#DDDDDD',
} as const;

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;
/** Below this CIE76 distance two colours look the same to most people. */
export const LAB_DISTANCE_THRESHOLD = 5.9;

/** `#rgb` or `#rrggbb` (case-insensitive) as channels 0-255, or undefined. */
export function parseHex(colour: string): Rgb | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!match?.[1]) return undefined;
  const hex =
    match[1].length === 3
      ? Array.from(match[1], (digit) => digit + digit).join('')
      : match[1];
  return {
    r: parseInt(hex.slice(0, 2), 16),
    g: parseInt(hex.slice(2, 4), 16),
    b: parseInt(hex.slice(4, 6), 16),
  };
}

function linear(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance({ r, g, b }: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio between two colours, 1 to 21; 1 when either is unreadable. */
export function contrastRatio(a: string, b: string): number {
  const first = parseHex(a);
  const second = parseHex(b);
  if (!first || !second) return 1;
  const [light, dark] = [relativeLuminance(first), relativeLuminance(second)].sort(
    (x, y) => y - x,
  ) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export function isDark(colour: string): boolean {
  const rgb = parseHex(colour);
  if (!rgb) return false;
  return contrastRatio(colour, FALLBACK_TEXT.light) > contrastRatio(colour, FALLBACK_TEXT.dark);
}

/** The fallback text colour (dark or light) that reads best on `background`. */
export function readableText(background: string): string {
  return isDark(background) ? FALLBACK_TEXT.light : FALLBACK_TEXT.dark;
}

/** The secondary fallback text colour (darkAlt or lightAlt) for `background`. */
export function readableTextAlt(background: string): string {
  return isDark(background) ? FALLBACK_TEXT.lightAlt : FALLBACK_TEXT.darkAlt;
}

/**
 * `colour` when it passes AA on `background`, else the readable fallback text colour:
 * a brand colour used for text (links, prices) must never disappear.
 */
export function readableOn(colour: string, background: string): string {
  return contrastRatio(colour, background) >= AA_CONTRAST ? colour : readableText(background);
}

function toLab({ r, g, b }: Rgb): [number, number, number] {
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
  // sRGB to XYZ (D65), normalised by the reference white.
  const x = (lr * 0.4124 + lg * 0.3576 + lb * 0.1805) / 0.95047;
  const y = lr * 0.2126 + lg * 0.7152 + lb * 0.0722;
  const z = (lr * 0.0193 + lg * 0.1192 + lb * 0.9505) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  const [fx, fy, fz] = [f(x), f(y), f(z)];
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)];
}

/** CIE76 distance between two colours in Lab space; 0 when either is unreadable. */
export function labDistance(a: string, b: string): number {
  const first = parseHex(a);
  const second = parseHex(b);
  if (!first || !second) return 0;
  const [l1, a1, b1] = toLab(first);
  const [l2, a2, b2] = toLab(second);
  return Math.hypot(l1 - l2, a1 - a2, b1 - b2);
}

/**
 * `accent` when it stands out from `background` (decorations, borders, badges need
 * visibility, not text contrast), else the readable fallback text colour.
 */
export function visibleOn(accent: string, background: string): string {
  return labDistance(accent, background) > LAB_DISTANCE_THRESHOLD
    ? accent
    : readableText(background);
}

/** `colour` moved towards black (amount > 0) or white (amount < 0), as `#rrggbb`. */
export function shade(colour: string, amount: number): string {
  const rgb = parseHex(colour);
  if (!rgb) return colour;
  const target = amount > 0 ? 0 : 255;
  const weight = Math.min(Math.abs(amount), 1);
  const mix = (channel: number) =>
    Math.round(channel + (target - channel) * weight)
      .toString(16)
      .padStart(2, '0');
  return `#${mix(rgb.r)}${mix(rgb.g)}${mix(rgb.b)}`;
}

/** A slightly offset surface for cards on `background`: darker on light, lighter on dark. */
export function backgroundWithOffset(background: string): string {
  return shade(background, isDark(background) ? -0.08 : 0.04);
}
