// Login by token (docs/loyalty.md#session-lifecycle): a member's session token handed to
// the page in the address, under the provider's token parameter (the hand-off's name,
// README "The member area and the ticketing hand-off"), e.g. when the ticketing site sends
// the member back. It is taken out of the address at once, so it stays out of history and
// shared links.

import type { LoyaltyProvider } from '../types';
import { tokenParameterName } from './hand-off';

export type AddressBar = { search: string; replace: (search: string) => void };

export function takeSuppliedToken(provider: LoyaltyProvider, address: AddressBar): string | undefined {
  const query = new URLSearchParams(address.search);
  const name = tokenParameterName(provider);
  const token = query.get(name);
  if (!token) return undefined;
  query.delete(name);
  const rest = query.toString();
  address.replace(rest ? `?${rest}` : '');
  return token;
}

/** The browser's address bar, changed without a navigation. */
export function browserAddressBar(): AddressBar {
  // The server renders published pages, whose address carries no token.
  if (typeof window === 'undefined') return { search: '', replace: () => undefined };
  return {
    search: window.location.search,
    replace: (search) =>
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`),
  };
}
