// The studio's side of live customisation (DESIGN.md section 13, "Live preview";
// docs/pages-and-links.md#live-customisation): the site in the preview frame posts
// `{type: 'lifeCycle', lifeCycle: 'mounted'}` once mounted, again after each reload inside
// the frame, and the studio answers with the customisation messages of the look being
// edited, to the site's origin alone. The payloads are those the site reads
// (features/customisation/utils/customisation-message.ts), with resolved values only: a
// colour or font that is not set is left out, never sent empty.
import { PALETTE_COLOURS, type FontTarget, type PaletteColour } from './api';
import { FONT_TARGETS, isThemeColour, type LookFields } from './look-rules';

/** The palette the preview is sent: the colours set, `#RRGGBB`. */
export type PreviewPalette = Partial<Record<PaletteColour, string>>;

/** A font the preview is sent: its name and its weights ("400", "400i"). */
export type PreviewFont = { name: string; weights: string[] };

/** The look the preview shows, each part left out where it is not set. */
export type PreviewLook = {
  palette: PreviewPalette;
  fonts: Partial<Record<FontTarget, PreviewFont>>;
  headerLayout?: string;
  footerLayout?: string;
  logoSize?: string;
  hasSearch?: boolean;
  footerMobileLinks?: boolean;
};

/** The seven customisation messages, `{type, [type]: value}`. */
export type PreviewMessage =
  | { type: 'colorScheme'; colorScheme: PreviewPalette }
  | { type: 'font'; font: { target: FontTarget } & PreviewFont }
  | { type: 'headerLayout'; headerLayout: string }
  | { type: 'footerLayout'; footerLayout: string }
  | { type: 'logoSize'; logoSize: string }
  | { type: 'hasSearch'; hasSearch: boolean }
  | { type: 'footerMobileLinks'; footerMobileLinks: boolean };

/** Where the preview frame opens the site, and the origin its messages go to and come from. */
export type PreviewFrame = { url: string; origin: string };

/** The frame of the draft's preview at `address` (the site's own host), or undefined when that is no http(s) address. */
export function previewFrame(address: string): PreviewFrame | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  return { url: url.href, origin: url.origin };
}

/**
 * Whether `event` is the frame's "mounted": posted by the frame's own window (`frame`),
 * from the site's `origin`. Anything else, from another window or origin, is ignored.
 */
export function isMountedMessage(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  frame: Window | null | undefined,
  origin: string,
): boolean {
  if (!frame || event.source !== frame || event.origin !== origin) return false;
  const data: unknown = event.data;
  return typeof data === 'object' && data !== null && 'type' in data && data.type === 'lifeCycle' && 'lifeCycle' in data && data.lifeCycle === 'mounted';
}

/** A colour as the preview is sent it, upper-cased; undefined when it is not `#RRGGBB`. */
function themeColour(value: string): string | undefined {
  return isThemeColour(value) ? value.trim().toUpperCase() : undefined;
}

/**
 * The look the form's `fields` show: the palette's colours, the primary and accent
 * colours taken from brand colours 1 and 2 where the palette has none (as the site's
 * theme takes them, docs/pages-and-links.md#theme), the fonts chosen, and the search.
 */
export function previewLook(fields: LookFields): PreviewLook {
  const { palette, colors, fonts } = fields.config.theme;
  const standIns: Partial<Record<PaletteColour, string>> = { primary: colors.brand1, accent: colors.brand2 };
  const previewPalette: PreviewPalette = {};
  for (const key of PALETTE_COLOURS) {
    const colour = themeColour(palette[key]) ?? themeColour(standIns[key] ?? '');
    if (colour) previewPalette[key] = colour;
  }
  const previewFonts: PreviewLook['fonts'] = {};
  for (const target of FONT_TARGETS) {
    const name = fonts[target].trim();
    if (name) previewFonts[target] = { name, weights: [...fonts.fontWeights[target].weights] };
  }
  return { palette: previewPalette, fonts: previewFonts, hasSearch: fields.settings.hasSearch };
}

/** The messages that show `look`: the palette, each font, then each layout choice that is set. */
export function previewMessages(look: PreviewLook): PreviewMessage[] {
  const messages: PreviewMessage[] = [];
  if (Object.keys(look.palette).length > 0) messages.push({ type: 'colorScheme', colorScheme: look.palette });
  for (const target of FONT_TARGETS) {
    const font = look.fonts[target];
    if (font) messages.push({ type: 'font', font: { target, name: font.name, weights: font.weights } });
  }
  if (look.headerLayout !== undefined) messages.push({ type: 'headerLayout', headerLayout: look.headerLayout });
  if (look.footerLayout !== undefined) messages.push({ type: 'footerLayout', footerLayout: look.footerLayout });
  if (look.logoSize !== undefined) messages.push({ type: 'logoSize', logoSize: look.logoSize });
  if (look.hasSearch !== undefined) messages.push({ type: 'hasSearch', hasSearch: look.hasSearch });
  if (look.footerMobileLinks !== undefined) messages.push({ type: 'footerMobileLinks', footerMobileLinks: look.footerMobileLinks });
  return messages;
}

/**
 * Of `next`, the messages the frame has not been sent since `sent`: an edit posts what it
 * changed alone. (A part no longer set is not unset in the frame: no message says so;
 * it shows as published once the frame reloads.)
 */
export function messagesToPost(sent: readonly PreviewMessage[], next: readonly PreviewMessage[]): PreviewMessage[] {
  const posted = new Set(sent.map((message) => JSON.stringify(message)));
  return next.filter((message) => !posted.has(JSON.stringify(message)));
}
