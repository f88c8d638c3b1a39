// The page's shared state: what one part of the page tells others that the import zones
// keep apart, or that load as chunks of their own. One store, kept outside React:
// components read it with usePageState (useSyncExternalStore), code outside React
// follows it with subscribe.
//
// - consent: the consent manager's decision (set by app/layout/third-party-layer.tsx),
//   which analytics, ads and the header's ad band follow;
// - memberSignedIn: whether a loyalty member is signed in (set by the loyalty session),
//   for ad targeting's isLoggedIn (docs/consent-and-ads.md#ad-targeting);
// - tracked: page views and outbound clicks (track()), for the analytics layer;
// - memberLogins: sign-ins (the loyalty session) that the analytics layer's member-login
//   tracker has not taken yet: it renders after the first screen, so a sign-in made
//   before then waits here.
import { useSyncExternalStore } from 'react';
import { SESSION_COOKIE } from '@/config/loyalty-session-cookie';
import { readCookie } from '@/lib/cookies';
import type { TrackedEvent } from '@/rules/tracked-events';

/** What the rest of the page may do, as decided from the visitor's consent. */
export type TrackingConsent = {
  /** Analytics, tag managers and ads may load (docs/consent-and-ads.md#consent-state). */
  trackersEnabled: boolean;
  /**
   * The visitor granted consent, or there is no consent manager: what the direct
   * ad-server mode needs (docs/consent-and-ads.md#display-ads).
   */
  consentGiven: boolean;
  /** The visitor refused a purpose: the member-login tracker stays silent. */
  purposeDenied: boolean;
};

/** Before any decision nothing third-party may run. */
export const NO_CONSENT_YET: TrackingConsent = { trackersEnabled: false, consentGiven: false, purposeDenied: false };

export type MemberLogin = { memberId: string; loginDateTime: string };

export type PageState = {
  consent: TrackingConsent;
  /** Undefined until the loyalty session has checked the stored session. */
  memberSignedIn: boolean | undefined;
  /**
   * The latest tracked event, in an object of its own each time: followers, told of every
   * change as it is made, hear each one (twice the same event is two events).
   */
  tracked: { event: TrackedEvent } | undefined;
  /** The last few sign-ins waiting to be taken. */
  memberLogins: readonly MemberLogin[];
};

const WAITING_LOGINS = 8;

let state: PageState = { consent: NO_CONSENT_YET, memberSignedIn: undefined, tracked: undefined, memberLogins: [] };
const listeners = new Set<() => void>();

function update(change: Partial<PageState>): void {
  state = { ...state, ...change };
  for (const listener of listeners) listener();
}

/** Calls `listener` after every change from now on; returns the unsubscribe. */
export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The part of the state `select` picks (a value, or a part the store keeps as it is),
 * rendering again when it changes; `serverValue` on the server and while hydrating.
 */
export function usePageState<T>(select: (state: PageState) => T, serverValue: T): T {
  return useSyncExternalStore(subscribe, () => select(state), () => serverValue);
}

/** Records the consent manager's decision. */
export function setConsent(consent: TrackingConsent): void {
  update({ consent });
}

/** The decision so far: NO_CONSENT_YET until the consent manager has decided. */
export function useTrackingConsent(): TrackingConsent {
  // The server, and the browser while hydrating, know no choice yet.
  return usePageState((current) => current.consent, NO_CONSENT_YET);
}

export function setMemberSignedIn(signedIn: boolean | undefined): void {
  if (signedIn !== state.memberSignedIn) update({ memberSignedIn: signedIn });
}

/**
 * Whether a member is signed in: before the loyalty session has checked, a browser without
 * a stored session is known to have none, one with a session is undefined (and so is the
 * server).
 */
export function useMemberSignedIn(): boolean | undefined {
  return usePageState(
    (current) =>
      current.memberSignedIn ?? (readCookie(document.cookie, SESSION_COOKIE) === undefined ? false : undefined),
    undefined,
  );
}

type DataLayerWindow = { dataLayer?: unknown[] };

/**
 * The one place the site reports what a visitor does: `event` goes to `window.dataLayer`
 * and to the store, where the analytics layer, loaded only with consent, follows it.
 */
export function track(event: TrackedEvent, target: DataLayerWindow = window as DataLayerWindow): void {
  target.dataLayer ??= [];
  target.dataLayer.push(event);
  update({ tracked: { event } });
}

/** Calls `handle` with every event tracked from now on; returns the stop. */
export function followTrackedEvents(handle: (event: TrackedEvent) => void): () => void {
  let seen = state.tracked;
  return subscribe(() => {
    if (state.tracked === seen) return;
    seen = state.tracked;
    if (seen) handle(seen.event);
  });
}

export function announceMemberLogin(memberId: string, now = new Date()): void {
  const login = { memberId, loginDateTime: now.toISOString() };
  update({ memberLogins: [...state.memberLogins, login].slice(-WAITING_LOGINS) });
}

/**
 * Hands `handle` the sign-ins waiting in the store, then each one made from now on, taking
 * them out of the store: each sign-in is handed over once. Returns the stop.
 */
export function takeMemberLogins(handle: (login: MemberLogin) => void): () => void {
  const take = () => {
    const waiting = state.memberLogins;
    if (waiting.length === 0) return;
    update({ memberLogins: [] });
    for (const login of waiting) handle(login);
  };
  take();
  return subscribe(take);
}
