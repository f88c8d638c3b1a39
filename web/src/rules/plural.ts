// Counted text through the locale's plural rules: "1 result", "2 results", and the
// forms other languages have (Intl.PluralRules: zero, one, two, few, many, other).
import type { Translate } from './format-message';

/**
 * The message `{key}.{category}` for `count`, else `{key}.other`, else `{key}` (a bundle
 * written before its counts had plural forms), with the count in it.
 */
export function plural(t: Translate, key: string, count: number): string {
  const category = new Intl.PluralRules(t.locale).select(count);
  const formatted = new Intl.NumberFormat(t.locale).format(count);
  for (const candidate of [`${key}.${category}`, `${key}.other`]) {
    const text = t(candidate, [formatted]);
    if (text !== candidate) return text;
  }
  return t(key, [formatted]);
}
