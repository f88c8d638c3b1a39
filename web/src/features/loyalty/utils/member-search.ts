// docs/loyalty.md#registration, at registration: a member enrolled at a box
// office has a card but no web account. Searching the address first finds them; the edit
// gives them their e-mail address as username, and the e-mailed reset sets their password,
// instead of a second membership being created beside theirs.

import type { CypherReply } from '../types';

/** The club to edit the member with, or undefined to stop: a username already, or no club. */
export function clubToEditWith(search: CypherReply): string | undefined {
  if (search.peachCode !== 0 || search.hasUserName || !search.clubId) return undefined;
  return search.clubId;
}

/** The edit's payload: the member's username (their e-mail address) and the club found. */
export function usernameEditPayload(email: string, clubId: string): Record<string, string> {
  return { username: email, email, clubId };
}
