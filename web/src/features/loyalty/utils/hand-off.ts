// docs/loyalty.md#ticketing-hand-off: a signed-in member arriving with ?return= is sent on
// to ticketingUrl + return. Version 1 shows the redirect overlay for 5 s, then goes there with
// the token appended; version 3 posts a hidden form carrying the token.

import { HAND_OFF_SEGMENTS } from '@/config/hand-offs';
import { memberTokenParameter } from '@/config/member-token-parameters';
import { handOffProvider } from '@/rules/hand-off-provider';
import type { Theater, TicketingProvider } from '@/types/api';
import type { CypherVersion, LoyaltyProvider } from '../types';

export const RETURN_PARAMETER = 'return';
export const REDIRECT_DELAY_MS = 5000;

/** Whether the address asks for the hand-off: a non-empty return and a configured ticketingUrl. */
export function handOffRequested(search: string, ticketingUrl: string): boolean {
  return Boolean(new URLSearchParams(search).get(RETURN_PARAMETER)) && Boolean(ticketingUrl);
}

/**
 * The hand-off target, ticketingUrl + return, or undefined when there is none: no hand-off
 * asked for, or a return that would leave the ticketing site. The member's token goes with the browser, so
 * the joined URL is parsed as the browser will and must stay on the ticketingUrl's origin (for a
 * ticketingUrl that is a path on this site, under that path): `@evil.example/`,
 * `.evil.example/` or `../account` after it lead elsewhere and are refused.
 */
export function handOffTarget(search: string, ticketingUrl: string, pageOrigin: string): string | undefined {
  if (!handOffRequested(search, ticketingUrl)) return undefined;
  const returnValue = new URLSearchParams(search).get(RETURN_PARAMETER) ?? '';
  let target: URL;
  let ticketing: URL;
  try {
    ticketing = new URL(ticketingUrl, pageOrigin);
    target = new URL(`${ticketingUrl}${returnValue}`, pageOrigin);
  } catch {
    return undefined;
  }
  if (target.origin !== ticketing.origin || target.username || target.password) return undefined;
  if (ticketing.origin === pageOrigin) {
    const base = ticketing.pathname.endsWith('/') ? ticketing.pathname : `${ticketing.pathname}/`;
    if (!`${target.pathname}/`.startsWith(base)) return undefined;
    return `${target.pathname}${target.search}${target.hash}`;
  }
  return target.toString();
}

/** Version 1 runs only for a cypherVersion 1 session whose member may be signed in. */
export function handOffVersion(cypherVersion: CypherVersion, memberMaySignIn: boolean): CypherVersion | undefined {
  if (cypherVersion === 3) return 3;
  return memberMaySignIn ? 1 : undefined;
}

/** `url` with the token added as the provider's query parameter. */
export function withTokenParameter(url: string, provider: LoyaltyProvider, token: string): string {
  // A path (the ticketing sandbox on this site) stays a path.
  const relative = url.startsWith('/');
  const target = new URL(url, relative ? 'http://relative.invalid' : undefined);
  target.searchParams.set(memberTokenParameter(provider), token);
  return relative ? `${target.pathname}${target.search}${target.hash}` : target.toString();
}

/** Where an invalid token sends the member: /{path} with the current query string kept. */
export function invalidTokenRedirect(configuredPath: string, search: string): string {
  return `/${configuredPath.replace(/^\/+/, '')}${search}`;
}

/** Whether `pathname` is one of this site's hand-off pages, which redirect to the ticketing site. */
function isHandOffPage(pathname: string): boolean {
  return HAND_OFF_SEGMENTS.some((segment) => pathname === `/${segment}` || pathname === `/${segment}/`);
}

function parsedUrl(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

export type TicketingLinkSettings = {
  /** The loyalty configuration's: the loyalty ticketing service, the one site the token is for. */
  ticketingUrl: string;
  provider: LoyaltyProvider;
  token: string;
  pageOrigin: string;
  /** The app data's theaters, with the provider each one's hand-offs redirect to. */
  theaters: readonly Theater[];
  /** The site-wide provider, where a chain's hand-offs redirect. */
  siteTicketingProvider: TicketingProvider | null | undefined;
};

/**
 * A link on the page with the member's token added, when it leads to the loyalty ticketing
 * service (docs/pages-and-links.md#link-rules), and undefined for every other link, the token
 * being good for that service alone:
 * - any page of the ticketingUrl's origin; for a ticketingUrl that is a path on this site
 *   (the ticketing sandbox, TICKETING_SANDBOX), any page under that path;
 * - this site's hand-off pages (/loyaltycredit/, /startconcessions/?theaterId=…), whose
 *   redirect passes the token on, only when the provider they redirect to (the theater's,
 *   else the site-wide one) is on the ticketingUrl's origin: a theater naming its own
 *   provider gets no token. With the sandbox standing in, every hand-off leads to it.
 */
export function ticketingLinkWithToken(href: string, settings: TicketingLinkSettings): string | undefined {
  const { ticketingUrl, provider, token, pageOrigin } = settings;
  if (!ticketingUrl || !token) return undefined;
  const link = parsedUrl(href, pageOrigin);
  const ticketing = parsedUrl(ticketingUrl, pageOrigin);
  if (!link || !ticketing) return undefined;
  const onThisSite = link.origin === pageOrigin;
  let leadsToTicketing: boolean;
  if (onThisSite && isHandOffPage(link.pathname) && ticketing.origin === pageOrigin) {
    // The ticketing sandbox stands in for every provider: each hand-off redirects to it, on this site.
    leadsToTicketing = true;
  } else if (onThisSite && isHandOffPage(link.pathname)) {
    const redirectsTo = handOffProvider(link.searchParams, settings.theaters, settings.siteTicketingProvider);
    // A provider's url is absolute; one that is not (or none) leads nowhere the token is for.
    leadsToTicketing = parsedUrl(redirectsTo?.url ?? '')?.origin === ticketing.origin;
  } else if (ticketing.origin === pageOrigin) {
    leadsToTicketing = onThisSite && link.pathname.startsWith(ticketing.pathname);
  } else {
    leadsToTicketing = link.origin === ticketing.origin;
  }
  if (!leadsToTicketing) return undefined;
  link.searchParams.set(memberTokenParameter(provider), token);
  return link.toString();
}
