// The look screen's form and the site's document (DESIGN.md section 13): the form's fields
// are the document's, by the same dotted names the API's errors use
// (`config.theme.palette.primary`), filled from the document as the draft has it; saving
// sends a merge patch (RFC 7396) of the fields changed alone, so a field another staff
// member changed meanwhile is left as they made it.
import type { FieldPath } from 'react-hook-form';
import { THEME_FONT_WEIGHTS } from '@/features/site/utils/font-files';
import {
  BRAND_COLOURS,
  PALETTE_COLOURS,
  ROUNDNESS_LEVELS,
  type BrandColour,
  type FontTarget,
  type MergePatch,
  type PaletteColour,
  type RoundnessLevel,
  type SiteDocument,
} from './api';

/** The form's fields: the document's, every one present ('' where the document has none). */
export type LookFields = {
  name: string;
  config: {
    locale: string;
    roundness: { buttons: RoundnessLevel; content: RoundnessLevel };
    theme: {
      palette: Record<PaletteColour, string>;
      colors: Record<BrandColour, string>;
      fonts: {
        body: string;
        heading: string;
        fontWeights: Record<FontTarget, { weights: string[] }>;
      };
    };
  };
  settings: { hasSearch: boolean };
};

/** A field of the form, by its name in the document. */
export type LookFieldName = FieldPath<LookFields>;

export const FONT_TARGETS = ['body', 'heading'] as const satisfies readonly FontTarget[];

const THEME_COLOUR = /^#[0-9a-f]{6}$/i;

/** Whether `value` is a theme colour as the document writes it: `#RRGGBB`. */
export function isThemeColour(value: string): boolean {
  return THEME_COLOUR.test(value.trim());
}

/** A roundness the site knows, else the site's own default (theme-tokens.ts). */
function roundnessLevel(value: string | undefined): RoundnessLevel {
  return ROUNDNESS_LEVELS.find((level) => level === value) ?? 'MEDIUM';
}

/** Each of `keys` with its value in `values`, '' where it has none. */
function colours<Key extends string>(keys: readonly Key[], values: Partial<Record<Key, string>> | null | undefined): Record<Key, string> {
  return Object.fromEntries(keys.map((key) => [key, values?.[key] ?? ''])) as Record<Key, string>;
}

/** The weights the form offers that `weights` names, in the form's order: "700", "400" -> "400", "700". */
function offeredWeights(weights: readonly string[] | undefined): string[] {
  const named = new Set(weights?.map((weight) => weight.trim()));
  return THEME_FONT_WEIGHTS.filter((weight) => named.has(weight));
}

/** The form's fields as `document` fills them. */
export function lookFields(document: SiteDocument): LookFields {
  const config = document.config ?? {};
  const theme = config.theme ?? {};
  const fonts = theme.fonts ?? {};
  return {
    name: document.name ?? '',
    config: {
      locale: config.locale ?? '',
      roundness: { buttons: roundnessLevel(config.roundness?.buttons), content: roundnessLevel(config.roundness?.content) },
      theme: {
        palette: colours(PALETTE_COLOURS, theme.palette),
        colors: colours(BRAND_COLOURS, theme.colors),
        fonts: {
          body: fonts.body ?? '',
          heading: fonts.heading ?? '',
          fontWeights: {
            body: { weights: offeredWeights(fonts.fontWeights?.body?.weights) },
            heading: { weights: offeredWeights(fonts.fontWeights?.heading?.weights) },
          },
        },
      },
    },
    settings: { hasSearch: document.settings?.hasSearch ?? false },
  };
}

/** `patch` with `value` at `path`, the objects on the way made as needed. */
function setMember(patch: MergePatch, path: readonly string[], value: MergePatch[string]): void {
  const [member, ...rest] = path;
  if (member === undefined) return;
  if (rest.length === 0) {
    patch[member] = value;
    return;
  }
  const inner = patch[member];
  const object: MergePatch = typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? inner : {};
  patch[member] = object;
  setMember(object, rest, value);
}

/** A colour as sent: upper-cased, or null (the member removed: the platform's default) when emptied. */
function colourValue(value: string): string | null {
  const colour = value.trim().toUpperCase();
  return colour === '' ? null : colour;
}

/** A font's name as sent, or null (the member removed: the platform's default) when none is chosen. */
function fontValue(value: string): string | null {
  return value.trim() === '' ? null : value.trim();
}

/**
 * The merge patch from `before` (the document as the form was filled from it) to `after`
 * (the form as it stands): the fields changed alone, a colour compared whatever its case.
 * Empty when nothing changed.
 */
export function lookPatch(before: LookFields, after: LookFields): MergePatch {
  const patch: MergePatch = {};
  const text = (path: readonly string[], was: string, is: string, value: (text: string) => string | null = (t) => t.trim()) => {
    if (was.trim() !== is.trim()) setMember(patch, path, value(is));
  };
  text(['name'], before.name, after.name);
  text(['config', 'locale'], before.config.locale, after.config.locale);
  for (const part of ['buttons', 'content'] as const) {
    const is = after.config.roundness[part];
    if (is !== before.config.roundness[part]) setMember(patch, ['config', 'roundness', part], is);
  }
  const theme = ['config', 'theme'];
  for (const key of PALETTE_COLOURS) {
    text([...theme, 'palette', key], before.config.theme.palette[key].toUpperCase(), after.config.theme.palette[key].toUpperCase(), colourValue);
  }
  for (const key of BRAND_COLOURS) {
    text([...theme, 'colors', key], before.config.theme.colors[key].toUpperCase(), after.config.theme.colors[key].toUpperCase(), colourValue);
  }
  for (const target of FONT_TARGETS) {
    text([...theme, 'fonts', target], before.config.theme.fonts[target], after.config.theme.fonts[target], fontValue);
    const was = offeredWeights(before.config.theme.fonts.fontWeights[target].weights);
    const is = offeredWeights(after.config.theme.fonts.fontWeights[target].weights);
    if (was.join() !== is.join()) setMember(patch, [...theme, 'fonts', 'fontWeights', target, 'weights'], is);
  }
  if (after.settings.hasSearch !== before.settings.hasSearch) setMember(patch, ['settings', 'hasSearch'], after.settings.hasSearch);
  return patch;
}

/** The dotted names of `value`'s leaves (an array is one). */
function leafNames(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([member, inner]) => leafNames(inner, prefix ? `${prefix}.${member}` : member));
}

/** Every field of the form, by name. */
const LOOK_FIELD_NAMES = leafNames(lookFields({})) as LookFieldName[];

/**
 * The form's field a refusal names (a 400's `field`, dotted as the form's names are): the
 * field itself, the one holding it (`...weights.2` is the weights'), or the one field under
 * it; undefined when the form has no such field, or several fields under it.
 */
export function lookFieldAtFault(field: string | null | undefined): LookFieldName | undefined {
  if (!field) return undefined;
  const holding = LOOK_FIELD_NAMES.find((name) => name === field || field.startsWith(`${name}.`));
  if (holding) return holding;
  const under = LOOK_FIELD_NAMES.filter((name) => name.startsWith(`${field}.`));
  return under.length === 1 ? under[0] : undefined;
}
