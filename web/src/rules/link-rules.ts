// The link rules of docs/pages-and-links.md#link-rules, as one pure decision: what a destination
// becomes on the page at `context.location`. The Link component only renders it.
import { paths } from '@/config/paths';
import { isFilePath, normalisePath, type TrailingSlash } from './path-normalisation';
import { registrableDomain } from './registrable-domain';
import { safeDecode } from './safe-decode';

/** While the path starts with this, link clicks do nothing (the CMS preview). */
export const PREVIEW_PATH_PREFIX = '/cms-preview';
/** docs/pages-and-links.md#link-rules: the embed context of the TAPOS booking flow. */
export const TAPOS_EMBEDDED = 'tapos_embedded';

export type LinkContext = {
  /** The page the link is on. */
  location: { protocol?: string; host: string; pathname: string; search: string };
  trailingSlash?: TrailingSlash;
  embedContext?: string;
};

export type LinkTarget =
  | { kind: 'disabled' }
  /** A plain link in the same window: mailto, tel, a server endpoint, a file, another host of this site. */
  | { kind: 'plain'; href: string }
  | { kind: 'hash'; href: string; targetId: string }
  | { kind: 'internal'; to: string }
  | { kind: 'external'; href: string };

const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;
/**
 * Paths the server answers itself (API, posters, the ticketing sandbox that stands in for
 * the ticketing site in demos, and the hand-offs of config/hand-offs.ts, which redirect),
 * not pages of the app.
 */
const SERVER_PATH =
  /^\/(api|posters|page-data|ticketing-sandbox|startticketing|launch\/ticketing|startconcessions|concessions\/landing|payreservation|refund|giftcards|physicalgiftcards|giftmembership|vouchers|startseasonpass|loyaltycredit|signup|loyalty\/upgrade)\//;
const TAPOS_BOOKING = /\/sales\/([^/]+)\/book\/?$/i;
/** The files that are pages of the app: the 404 and 500 pages, which the gateway also serves. */
const APP_PAGE_FILES: ReadonlySet<string> = new Set([paths.notFound.build(), paths.serverError.build()]);

export function isPreviewPath(pathname: string): boolean {
  return pathname === PREVIEW_PATH_PREFIX || pathname.startsWith(`${PREVIEW_PATH_PREFIX}/`);
}

/** The page a preview path shows: `pathname` without the preview prefix. */
export function withoutPreviewPrefix(pathname: string): string {
  if (!isPreviewPath(pathname)) return pathname;
  return pathname.slice(PREVIEW_PATH_PREFIX.length) || '/';
}

/** Whether `host` is another site than `currentHost`: registrable domain or top-level domain differ. */
export function isOtherSite(host: string, currentHost: string): boolean {
  const domain = registrableDomain(host);
  const current = registrableDomain(currentHost);
  const tld = (name: string) => name.slice(name.lastIndexOf('.') + 1);
  return domain !== current || tld(domain) !== tld(current);
}

/** The utm_* parameters of the current page, the only ones links carry over. */
export function utmParameters(search: string): [string, string][] {
  return [...new URLSearchParams(search)].filter(([key]) => key.toLowerCase().startsWith('utm_'));
}

/** `url` with `extra` parameters appended, those already on `url` winning. */
function withParameters(url: URL, extra: [string, string][]): URL {
  for (const [key, value] of extra) {
    if (!url.searchParams.has(key)) url.searchParams.append(key, value);
  }
  return url;
}

/** The id a `#id` link moves focus to: decoded, or as written when its escapes are malformed (`#50%`). */
function hashTargetId(hash: string): string {
  const id = hash.slice(1);
  return safeDecode(id) ?? id;
}

export function resolveLink(destination: string | undefined | null, context: LinkContext): LinkTarget {
  const value = destination?.trim() ?? '';
  if (value === '') return { kind: 'disabled' };
  if (/^(mailto|tel|sms):/i.test(value)) return { kind: 'plain', href: value };
  if (EMAIL.test(value)) return { kind: 'plain', href: `mailto:${value}` };
  if (value.startsWith('#')) {
    return value.length > 1 ? { kind: 'hash', href: value, targetId: hashTargetId(value) } : { kind: 'disabled' };
  }
  if (SCHEME.test(value) && !/^https?:/i.test(value)) return { kind: 'external', href: value };

  const { location } = context;
  const base = `${location.protocol ?? 'https:'}//${location.host}`;
  let url: URL;
  try {
    url = new URL(value, `${base}${location.pathname}`);
  } catch {
    return { kind: 'disabled' };
  }
  // The destination's own query, before the page's utm_* parameters join it.
  const ownSearch = url.search;
  // A host no domain name can be (docs/pages-and-links.md#link-rules: a label is 1 to 63 octets,
  // the whole at most 253; the URL parser checks neither) goes nowhere.
  const host = url.hostname.replace(/\.$/, '');
  if (host.length > 253 || host.split('.').some((label) => !label || label.length > 63)) return { kind: 'disabled' };
  const utm = utmParameters(location.search);

  const booking = context.embedContext === TAPOS_EMBEDDED ? TAPOS_BOOKING.exec(url.pathname) : null;
  // A theater code with a malformed escape names no theater: the link stays as it is.
  const theaterCode = booking?.[1] ? safeDecode(booking[1]) : undefined;
  const perfCode = url.searchParams.get('perfcode') ?? url.searchParams.get('perfCode');
  if (theaterCode && perfCode) {
    // The gateway answers the hand-off route itself (a redirect to the provider): a
    // document navigation, not one of the app's routes.
    return { kind: 'plain', href: paths.handOff.build('startticketing', { theaterCode, perfCode }) };
  }

  if (isOtherSite(url.host, location.host)) {
    return { kind: 'external', href: withParameters(url, utm).toString() };
  }
  withParameters(url, utm);
  if (url.host !== location.host) return { kind: 'plain', href: url.toString() };
  // A file (a PDF, the sitemap) is the server's to answer, in a full page load.
  const answeredByServer = SERVER_PATH.test(url.pathname) || (isFilePath(url.pathname) && !APP_PAGE_FILES.has(url.pathname));
  if (answeredByServer) return { kind: 'plain', href: `${url.pathname}${url.search}${url.hash}` };
  const path = normalisePath(url.pathname, context.trailingSlash);
  // An anchor of this very page by its full address ('/movies/#now' on /movies/): focus
  // moves to it, as for '#now', instead of a navigation to the page it is on.
  const samePage =
    path === normalisePath(location.pathname, context.trailingSlash) && (ownSearch === '' || ownSearch === location.search);
  if (samePage && url.hash.length > 1) return { kind: 'hash', href: url.hash, targetId: hashTargetId(url.hash) };
  return { kind: 'internal', to: `${path}${url.search}${url.hash}` };
}
