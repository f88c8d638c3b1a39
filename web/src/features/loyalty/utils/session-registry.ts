// One session controller per page, however many parts of the page (the header's member
// menu, the member area, a watchlist button) use the session: they share its state and
// its single refresh timer. It runs while at least one part is mounted, and is forgotten
// once none is.

import type { LoyaltySessionController } from './session-controller';

type Entry = { controller: LoyaltySessionController; users: number };

const controllers = new Map<string, Entry>();

/** The controller for `key`, made by `create` the first time it is asked for. */
export function sharedController(key: string, create: () => LoyaltySessionController): LoyaltySessionController {
  let entry = controllers.get(key);
  if (!entry) {
    entry = { controller: create(), users: 0 };
    controllers.set(key, entry);
  }
  return entry.controller;
}

/** Marks one more user of `key`'s controller, starting it for the first; returns the release. */
export function retainController(key: string): () => void {
  const entry = controllers.get(key);
  if (!entry) return () => undefined;
  entry.users += 1;
  if (entry.users === 1) entry.controller.start();
  return () => {
    entry.users -= 1;
    if (entry.users > 0) return;
    entry.controller.stop();
    // Forgotten with its last user: a later part starts afresh from the cookie.
    if (controllers.get(key) === entry) controllers.delete(key);
  };
}
