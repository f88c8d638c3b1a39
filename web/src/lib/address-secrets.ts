// Secrets never leave the site: the member's e-mails link to screens whose address
// carries a secret (docs/loyalty.md#password-reset: resetCode, TAPOS's
// uid and token, the e-mail address). As the page starts, before any analytics or ad
// script has loaded and could read `location`, they are taken out of the address bar
// (main.tsx), and the screens read them from here.

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

/** The secrets taken from the address the page started at, and their screen's. */
let taken: { screen: AccountScreen; secrets: string } | undefined;

/**
 * Takes the secrets out of the browser's address bar (history.replaceState, no navigation),
 * once, as the page starts: main.tsx, before the app renders and anything third-party loads.
 */
export function takeAddressSecrets(): void {
  const { pathname, search, hash } = window.location;
  const { screen, search: kept, secrets } = splitAddressSecrets(pathname, search);
  if (!screen) return;
  taken = { screen, secrets };
  window.history.replaceState(window.history.state, '', `${pathname}${kept}${hash}`);
}

/** The secrets `screen`'s address carried when the page started there (none otherwise). */
export function addressSecrets(screen: AccountScreen): URLSearchParams {
  return new URLSearchParams(taken?.screen === screen ? taken.secrets : '');
}
