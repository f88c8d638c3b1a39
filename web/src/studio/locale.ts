// The language the studio speaks to a staff member: the first of the browser's languages
// the studio has text in (a regional tag such as en-GB keeps its region, for dates), else
// English. It is the page's `lang` too.
import { en } from './messages/en';

const CATALOGUES: Readonly<Record<string, Readonly<Record<string, string>>>> = { en };

export const DEFAULT_STUDIO_LOCALE = 'en';

export type StudioLocale = { locale: string; messages: Readonly<Record<string, string>> };

/** A well-formed language tag, canonical; undefined for anything else. */
function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

export function studioLocale(languages: readonly string[]): StudioLocale {
  for (const language of languages) {
    const tag = canonical(language);
    const messages = tag ? CATALOGUES[tag.split('-')[0]?.toLowerCase() ?? ''] : undefined;
    if (tag && messages) return { locale: tag, messages };
  }
  return { locale: DEFAULT_STUDIO_LOCALE, messages: en };
}
