// Whether a loyalty member is signed in, for the parts of the page outside the member
// area that need to know no more than that: ad targeting's isLoggedIn (SPEC.md section
// 6). The loyalty session publishes it; before that, a browser without a stored session
// is known to have no member signed in, one with a session is undefined until the
// loyalty session has checked it (and so is the server).

import { useSyncExternalStore } from 'react';
import { SESSION_COOKIE } from './loyalty-session-cookie-name';
import { readCookie } from './cookies';

let signedIn: boolean | undefined;
const listeners = new Set<() => void>();

export function publishMemberSignedIn(value: boolean | undefined): void {
  if (value === signedIn) return;
  signedIn = value;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function knownSignedIn(): boolean | undefined {
  return signedIn ?? (readCookie(document.cookie, SESSION_COOKIE) === undefined ? false : undefined);
}

export function useMemberSignedIn(): boolean | undefined {
  return useSyncExternalStore(subscribe, knownSignedIn, () => undefined);
}
