// Secrets never leave the site: the member's e-mails link to screens whose address
// carries a secret (docs/loyalty.md#password-reset: resetCode, TAPOS's
// uid and token, the e-mail address), and a member's session token comes in the address of
// any page for login by token (docs/loyalty.md#session-lifecycle). As the page starts,
// before any analytics or ad script has loaded and could read `location`, they are taken
// out of the address bar (main.tsx), and the screens and the loyalty code read them from here.

import { MEMBER_TOKEN_PARAMETERS } from '@/config/member-token-parameters';
import type { AccountScreen } from '@/config/paths';

/** The parameters a screen reads from its address, none of which may stay there. */
const SECRET_PARAMETERS: ReadonlyArray<[AccountScreen, readonly string[]]> = [
  ['reset-password', ['resetCode', 'token', 'uid', 'email']],
  ['activate', ['email']],
];

export type AddressSplit = {
  /** The screen whose secrets were in the address. */
  screen?: AccountScreen;
  /** What stays in the address: the query without the secrets ('' or '?...'). */
  search: string;
  /** The secrets, as a query string without '?' ('' for none). */
  secrets: string;
};

/** The address `pathname` + `search` split into what may stay in it and the secrets its screen reads. */
export function splitAddressSecrets(pathname: string, search: string): AddressSplit {
  const entry = SECRET_PARAMETERS.find(([screen]) => pathname === `/account/${screen}/` || pathname === `/account/${screen}`);
  if (!entry) return { search, secrets: '' };
  const [screen, names] = entry;
  const kept = new URLSearchParams(search);
  const secrets = new URLSearchParams();
  for (const [name, value] of [...kept]) {
    if (names.includes(name)) secrets.append(name, value);
  }
  if (!secrets.toString()) return { search, secrets: '' };
  for (const name of names) kept.delete(name);
  const rest = kept.toString();
  return { screen, search: rest ? `?${rest}` : '', secrets: secrets.toString() };
}

/**
 * `search` split into what may stay in the address and the member's session tokens for
 * login by token, under every provider's name (the provider is not known yet), as a query
 * string without '?' ('' for none).
 */
export function splitMemberTokens(search: string): { search: string; memberTokens: string } {
  const kept = new URLSearchParams(search);
  const memberTokens = new URLSearchParams();
  for (const [name, value] of [...kept]) {
    if (MEMBER_TOKEN_PARAMETERS.includes(name)) memberTokens.append(name, value);
  }
  if (!memberTokens.toString()) return { search, memberTokens: '' };
  for (const name of MEMBER_TOKEN_PARAMETERS) kept.delete(name);
  const rest = kept.toString();
  return { search: rest ? `?${rest}` : '', memberTokens: memberTokens.toString() };
}

/** The secrets taken from the address the page started at, and their screen's. */
let taken: { screen: AccountScreen; secrets: string } | undefined;
/** The member's session tokens the address carried, by parameter name, until the loyalty code takes one. */
let takenMemberTokens = new URLSearchParams();

/**
 * Takes the secrets out of the browser's address bar (history.replaceState, no navigation),
 * once, as the page starts: main.tsx, before the app renders and anything third-party loads.
 * A screen's own secrets first: the reset screen's `token` is TAPOS's reset token, no session.
 */
export function takeAddressSecrets(): void {
  const { pathname, search, hash } = window.location;
  const screenSplit = splitAddressSecrets(pathname, search);
  const tokenSplit = splitMemberTokens(screenSplit.search);
  if (screenSplit.screen) taken = { screen: screenSplit.screen, secrets: screenSplit.secrets };
  takenMemberTokens = new URLSearchParams(tokenSplit.memberTokens);
  if (tokenSplit.search === search) return;
  window.history.replaceState(window.history.state, '', `${pathname}${tokenSplit.search}${hash}`);
}

/** The secrets `screen`'s address carried when the page started there (none otherwise). */
export function addressSecrets(screen: AccountScreen): URLSearchParams {
  return new URLSearchParams(taken?.screen === screen ? taken.secrets : '');
}

/**
 * The session token the address carried under `parameter` (the site's provider's name) when
 * the page started, for login by token; handed out once.
 */
export function takeMemberToken(parameter: string): string | undefined {
  const token = takenMemberTokens.get(parameter) || undefined;
  takenMemberTokens.delete(parameter);
  return token;
}
