// docs/pages-and-links.md#navigation: the query string is parsed with
// decoding on; true/false become booleans and numeric values numbers.
export type QueryValue = string | number | boolean;
export type ParsedQuery = Record<string, QueryValue | QueryValue[]>;

const NUMBER = /^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i;

/** One decoded value, typed. */
export function parseQueryValue(raw: string): QueryValue {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  // Leading zeros (codes such as "007") stay text: as numbers they would lose them.
  if (NUMBER.test(raw) && !/^-?0\d/.test(raw)) return Number(raw);
  return raw;
}

/** `?a=1&b=true&c=x&c=y` -> `{ a: 1, b: true, c: ['x', 'y'] }`. */
export function parseQuery(search: string): ParsedQuery {
  const parsed: ParsedQuery = {};
  for (const [key, raw] of new URLSearchParams(search)) {
    const value = parseQueryValue(raw);
    const existing = parsed[key];
    if (existing === undefined) parsed[key] = value;
    else parsed[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return parsed;
}
