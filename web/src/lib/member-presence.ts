// Whether a loyalty member is signed in, for the parts of the page outside the member
// area that need to know no more than that: ad targeting's isLoggedIn (SPEC.md section
// 6). The loyalty session publishes it; undefined until it has checked the stored
// session (and always on the server).

import { useSyncExternalStore } from 'react';

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

export function useMemberSignedIn(): boolean | undefined {
  return useSyncExternalStore(
    subscribe,
    () => signedIn,
    () => undefined,
  );
}
