// Percent-decoding of what anyone can write, a page's address or a link in the site's
// content: decodeURIComponent and decodeURI throw a URIError on a malformed escape
// (`/theaters/%E0%A4%A/`, a footer link `#50%`), which in a render or a route change
// breaks the page. Every decode of an address or a link goes through here.

/**
 * `encoded` with its percent escapes decoded, or undefined when one of them is malformed.
 * `decode` is decodeURIComponent unless the caller needs decodeURI (a whole path, whose
 * escaped separators such as %2F stay escaped).
 */
export function safeDecode(encoded: string, decode: (encoded: string) => string = decodeURIComponent): string | undefined {
  try {
    return decode(encoded);
  } catch {
    return undefined;
  }
}
