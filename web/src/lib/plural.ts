// Counted text through the locale's plural rules: "1 result", "2 results", and the
// forms other languages have (Intl.PluralRules: zero, one, two, few, many, other).
import type { Translate } from './i18n';

/** The message `{key}.{category}` for `count`, else `{key}.other`, with the count in it. */
export function plural(t: Translate, key: string, count: number): string {
  const category = new Intl.PluralRules(t.locale).select(count);
  const formatted = new Intl.NumberFormat(t.locale).format(count);
  const specific = `${key}.${category}`;
  const text = t(specific, [formatted]);
  return text === specific ? t(`${key}.other`, [formatted]) : text;
}
