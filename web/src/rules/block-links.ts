// The addresses of a page's body blocks (a text's link, a button's destination, an image's
// source; docs/studio.md#page-blocks): staff write them, the site renders them, so each is
// allowed by what it is, never refused by what it is not. A browser drops tabs and line
// breaks inside an address and the spaces around it, and reads `/\host` as `//host`:
// `java\tscript:` and ` javascript:` are scripts to it, which no list of forbidden schemes
// catches. So an address is printable ASCII alone: nothing a browser drops, nothing a
// reader cannot see (U+FEFF and the other format characters), no letter that looks like
// another (a host in another script is written in its punycode, `xn--`). svc-catalogue
// refuses the same addresses on save (domain/page_blocks.rs `is_link`); the site checks
// again, as what it renders is never HTML. What is not allowed is rendered as its text alone.

export type BlockLink =
  /** A path on the site: the site's own Link renders it, with the link rules of docs/pages-and-links.md#link-rules. */
  | { kind: 'site'; path: string }
  /** Another site (`https:`, `http:`): a plain link that gives the other page no hold on this one. */
  | { kind: 'external'; href: string }
  /** An e-mail address or a phone number (`mailto:`, `tel:`): a plain link. */
  | { kind: 'contact'; href: string }
  | { kind: 'none' };

/**
 * A character other than printable ASCII (U+0021 to U+007E): whitespace, a control, a
 * format character (U+200B, U+FEFF), any letter beyond ASCII. svc-catalogue's `is_link`
 * takes the same range, character for character.
 */
const NOT_PRINTABLE_ASCII = /[^\x21-\x7e]/;
/** A path on this site: one slash, then no second (`//host`), and no backslash (`/\host` is `//host` to a browser). */
const SITE_PATH = /^\/(?!\/)[^\\]*$/;
/** `https://` or `http://`, then a host without a user name (`https://user@host` misleads a reader). */
const WEB_ADDRESS = /^https?:\/\/[^/?#@]+(?:[/?#].*)?$/i;
const SECURE_WEB_ADDRESS = /^https:\/\//i;
const CONTACT = /^(?:mailto|tel):./i;

/** What a block's link (`TextRun.link`, a button's `href`) becomes. */
export function blockLink(address: string | undefined | null): BlockLink {
  if (!address || NOT_PRINTABLE_ASCII.test(address)) return { kind: 'none' };
  if (SITE_PATH.test(address)) return { kind: 'site', path: address };
  if (WEB_ADDRESS.test(address)) return { kind: 'external', href: address };
  if (CONTACT.test(address)) return { kind: 'contact', href: address };
  return { kind: 'none' };
}

/** An image block's `src` as the page may load it (a path on the site, an https address), else undefined. */
export function blockImageSource(src: string | undefined | null): string | undefined {
  const link = blockLink(src);
  if (link.kind === 'site') return link.path;
  if (link.kind === 'external' && SECURE_WEB_ADDRESS.test(link.href)) return link.href;
  return undefined;
}
