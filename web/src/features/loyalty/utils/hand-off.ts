// docs/loyalty.md#ticketing-hand-off: a signed-in member arriving with ?return= is sent on
// to ticketingUrl + return. Version 1 appends the token to the URL and shows the redirect
// overlay for 5 s; version 3 posts a hidden form carrying the token.

import { HAND_OFF_SEGMENTS } from '@/config/hand-offs';
import type { CypherVersion, LoyaltyProvider } from '../types';

export const RETURN_PARAMETER = 'return';
export const REDIRECT_DELAY_MS = 5000;

/**
 * The query parameter (version 1) or form field (version 3) that carries the member's session
 * token to the ticketing site, per provider. docs/loyalty.md#ticketing-hand-off lists them.
 */
const TOKEN_PARAMETERS: Readonly<Record<string, string>> = {
  BOOST_POS: 'sessionToken',
  BOOST_POS_WITHOUT_LOYALTY: 'sessionToken',
  TAPOS: 'taposToken',
  CGR: 'cgrSessionToken',
};

export function tokenParameterName(provider: LoyaltyProvider): string {
  return TOKEN_PARAMETERS[provider] ?? 'token';
}

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
  target.searchParams.set(tokenParameterName(provider), token);
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

/**
 * A link on the page with the member's token added, when it leads to the ticketing site
 * (docs/pages-and-links.md#link-rules): any page of the ticketingUrl's host, or, for a ticketingUrl
 * that is a path on this site (the sandbox), any page under that path; and this site's
 * hand-off pages (/loyaltycredit/, /startticketing/...), whose redirect passes the token on to
 * the ticketing site. Undefined for other links.
 */
export function ticketingLinkWithToken(
  href: string,
  { ticketingUrl, provider, token, pageOrigin }: { ticketingUrl: string; provider: LoyaltyProvider; token: string; pageOrigin: string },
): string | undefined {
  if (!ticketingUrl || !token) return undefined;
  let link: URL;
  let ticketing: URL;
  try {
    link = new URL(href, pageOrigin);
    ticketing = new URL(ticketingUrl, pageOrigin);
  } catch {
    return undefined;
  }
  const sameSite = ticketing.origin === pageOrigin;
  const handOffPage = link.origin === pageOrigin && isHandOffPage(link.pathname);
  const leadsThere =
    handOffPage ||
    (sameSite ? link.origin === pageOrigin && link.pathname.startsWith(ticketing.pathname) : link.origin === ticketing.origin);
  if (!leadsThere) return undefined;
  link.searchParams.set(tokenParameterName(provider), token);
  return link.toString();
}
