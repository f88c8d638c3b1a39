// Locale text (docs/pages-and-links.md#locale-text): messages carry positional
// placeholders '{0}', '{1}', ... and named ones such as '[theaterName]'; a message that
// holds a list separates its items with '|'.

export type MessageParams = ReadonlyArray<string | number> | Readonly<Record<string, string | number>>;

export const LIST_SEPARATOR = '|';

/**
 * The message `key` of `messages` with its placeholders filled in. An array fills
 * `{0}`, `{1}`, ...; an object fills `[name]` and `{name}`. Placeholders without a
 * value stay as written, and a missing key comes back as the key itself so that the
 * gap shows on screen instead of an empty element.
 */
export function formatMessage(
  messages: Readonly<Record<string, string>>,
  key: string,
  params?: MessageParams,
): string {
  const template = messages[key];
  if (template === undefined) return key;
  if (!params) return template;
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) values[name] = String(value);
  return template.replace(/\{(\w+)\}|\[(\w+)\]/g, (placeholder, braced?: string, bracketed?: string) => {
    const name = braced ?? bracketed ?? '';
    return Object.hasOwn(values, name) ? (values[name] ?? placeholder) : placeholder;
  });
}

/** The items of a list message ('a|b|c'), trimmed, empty items dropped. */
export function formatMessageList(
  messages: Readonly<Record<string, string>>,
  key: string,
): string[] {
  const template = messages[key];
  if (template === undefined) return [];
  return template
    .split(LIST_SEPARATOR)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

/** `t(key, params)` over `messages`; `t.list(key)` for a list message; `t.locale` for Intl formatters. */
export type Translate = {
  (key: string, params?: MessageParams): string;
  list: (key: string) => string[];
  locale: string;
};

export function createTranslate(locale: string, messages: Readonly<Record<string, string>>): Translate {
  const t = ((key: string, params?: MessageParams) =>
    formatMessage(messages, key, params)) as Translate;
  t.list = (key: string) => formatMessageList(messages, key);
  t.locale = locale;
  return t;
}
