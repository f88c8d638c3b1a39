// A member's sign-in, announced for the analytics layer's member-login tracker (SPEC.md
// section 4 "Consent"), which decides whether it may be reported. The analytics layer
// renders after the first screen, so a sign-in made before it listens waits here (the
// last few only) and is heard as soon as it does.

export type MemberLogin = { memberId: string; loginDateTime: string };

const MAX_WAITING = 8;

let waiting: MemberLogin[] = [];
const listeners = new Set<(login: MemberLogin) => void>();

export function announceMemberLogin(memberId: string, now = new Date()): void {
  const login = { memberId, loginDateTime: now.toISOString() };
  if (listeners.size === 0) {
    waiting = [...waiting, login].slice(-MAX_WAITING);
    return;
  }
  for (const listener of listeners) listener(login);
}

/** Hears every sign-in from now on, and first those made before anyone listened. */
export function onMemberLogin(listener: (login: MemberLogin) => void): () => void {
  listeners.add(listener);
  const missed = waiting;
  waiting = [];
  for (const login of missed) listener(login);
  return () => {
    listeners.delete(listener);
  };
}
