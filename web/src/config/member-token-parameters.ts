// The name a member's session token travels under, per loyalty provider
// (docs/loyalty.md#ticketing-hand-off): the query parameter of the version 1 hand-off, of
// ticketing links and of login by token, and the field of the version 3 hand-off. Shared
// code: main.tsx takes every one of them out of the address before the loyalty
// configuration, and with it the provider, is known.

const PARAMETER_BY_PROVIDER: Readonly<Record<string, string>> = {
  BOOST_POS: 'sessionToken',
  BOOST_POS_WITHOUT_LOYALTY: 'sessionToken',
  TAPOS: 'taposToken',
  CGR: 'cgrSessionToken',
};

/** Any other provider's. */
const DEFAULT_PARAMETER = 'token';

export function memberTokenParameter(provider: string): string {
  return PARAMETER_BY_PROVIDER[provider] ?? DEFAULT_PARAMETER;
}

/** Every name a member's token may arrive under, whichever the site's provider. */
export const MEMBER_TOKEN_PARAMETERS: readonly string[] = [...new Set([...Object.values(PARAMETER_BY_PROVIDER), DEFAULT_PARAMETER])];
