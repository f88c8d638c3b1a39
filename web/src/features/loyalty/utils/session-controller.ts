// The loyalty session lifecycle of docs/loyalty.md#session-lifecycle, free of React:
// sign-in, the debounced first refresh and the periodic ones, manual refresh, login by
// token and logout. The browser's cookie and the calls (api/session-calls.ts) come in as
// dependencies so tests drive it with fakes.

import { LoyaltyReplyError } from '../api/call-cypher';
import type { Credentials } from '../api/login';
import type { SessionCalls } from '../api/session-calls';
import type { LoyaltyContext, LoyaltyMember, LoyaltySession, MemberDetails } from '../types';
import {
  FIRST_REFRESH_DELAY_MS,
  isSignedInMember,
  refreshIntervalMs,
  refreshedSession,
  replyTokens,
  sessionCookieHours,
  sessionFromTokenLogin,
} from './session-rules';

export type SessionStore = {
  read(): LoyaltySession | undefined;
  /** Keeps the session for `hours`, or for the browser session when undefined. */
  write(session: LoyaltySession, hours: number | undefined): void;
  clear(): void;
  /** Clears the cookie related to the session (userSessionId) before a sign-in. */
  clearRelated(): void;
};

export type SessionDependencies = {
  context: LoyaltyContext;
  sessionTimeoutHours: number;
  allowExpiredAccountsLogin: boolean;
  calls: SessionCalls;
  store: SessionStore;
  now?: () => Date;
  /** A session token handed to the page in its address (lib/address-secrets.ts): signs in with it, no refresh runs. */
  suppliedToken?: string;
  /**
   * Whether the page is being left: a call the browser cancels then is no refusal by the
   * provider, and clearing the session for it would sign the member out on the next page.
   */
  isLeaving?: () => boolean;
};

export type SessionState = {
  /** The signed-in member, or null for a guest (also for an expired member). */
  member: LoyaltyMember | null;
  /** True until the stored session has been checked once. */
  checking: boolean;
};

export class LoyaltySessionController {
  private state: SessionState = { member: null, checking: true };
  private listeners = new Set<(state: SessionState) => void>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => Date;

  constructor(private readonly deps: SessionDependencies) {
    this.now = deps.now ?? (() => new Date());
  }

  getState(): SessionState {
    return this.state;
  }

  subscribe(listener: (state: SessionState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts the lifecycle: the stored session is refreshed after the debounce delay. */
  start(): void {
    if (this.deps.suppliedToken) {
      void this.loginByToken(this.deps.suppliedToken).catch(() => this.signOut());
      return;
    }
    if (!this.deps.store.read()) {
      this.setState({ member: null, checking: false });
      return;
    }
    this.schedule(FIRST_REFRESH_DELAY_MS);
  }

  /** Stops the refresh timer; subscribers unsubscribe themselves. */
  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  /**
   * Signs in; resolves null when the call got no answer (the network), rejects with a
   * LoyaltyReplyError carrying the provider's reply when it is not peachCode 0.
   */
  async login(credentials: Credentials): Promise<LoyaltyMember | null> {
    this.deps.store.clearRelated();
    const reply = await this.deps.calls.login(credentials);
    if (!reply) return null;
    const { token, refreshToken } = replyTokens(reply, this.deps.context.brand);
    if (reply.peachCode !== 0 || !token || !refreshToken || !reply.memberDetails) throw new LoyaltyReplyError(reply);
    const session: LoyaltySession = {
      token,
      refreshToken,
      cypherVersion: this.deps.context.version,
      ...(this.deps.context.version === 1
        ? { userSessionId: reply.userSessionId, memberId: reply.memberDetails.memberId }
        : {}),
    };
    const member = this.keep(session, reply.memberDetails);
    if (!member) throw new LoyaltyReplyError(reply);
    this.schedule(refreshIntervalMs(session.cypherVersion));
    return member;
  }

  /**
   * Signs in with a token handed over from elsewhere; no periodic refresh follows. The
   * stored refresh token is kept only if it is this token's (session-rules.ts).
   */
  async loginByToken(token: string): Promise<LoyaltyMember | null> {
    const { version, brand } = this.deps.context;
    const reply = await this.deps.calls.loginWithToken(token);
    const session = sessionFromTokenLogin(token, this.deps.store.read(), reply, version, brand);
    if (!session || !reply.memberDetails) return this.signOut();
    return this.keep(session, reply.memberDetails);
  }

  /** Manual refresh: version 1 re-runs the session refresh, version 3 re-reads the member. */
  async refreshNow(): Promise<LoyaltyMember | null> {
    const session = this.deps.store.read();
    if (!session) return this.signOut();
    if (session.cypherVersion === 1) return this.renew(session);
    return this.fetchMember(session);
  }

  async logout(): Promise<void> {
    const session = this.deps.store.read();
    try {
      if (session) await this.deps.calls.logout(session);
    } finally {
      this.signOut();
    }
  }

  private schedule(delay: number): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const session = this.deps.store.read();
      if (!session) {
        this.signOut();
        return;
      }
      void this.renew(session).then((member) => {
        if (member) this.schedule(refreshIntervalMs(session.cypherVersion));
      });
    }, delay);
  }

  /**
   * The stored session made current: refreshed with its refresh token, or, known by its
   * token alone, logged in with that token again (it lasts as long as the provider keeps it).
   */
  private async renew(session: LoyaltySession): Promise<LoyaltyMember | null> {
    if (session.refreshToken) return this.refresh(session);
    try {
      return await this.loginByToken(session.token);
    } catch {
      return this.deps.isLeaving?.() ? null : this.signOut();
    }
  }

  private async refresh(session: LoyaltySession): Promise<LoyaltyMember | null> {
    const brand = this.deps.context.brand;
    try {
      if (session.cypherVersion === 1 && !session.memberId) return this.signOut();
      const reply = await this.deps.calls.refreshLogin(session);
      const next = refreshedSession(session, reply, brand);
      // Version 1 answers with the member too.
      if (session.cypherVersion === 1) {
        return next && reply.memberDetails ? this.keep(next, reply.memberDetails) : this.signOut();
      }
      if (!next) return this.signOut();
      // The provider has retired the old refresh token: keep the new one at once, so a
      // page left before the member details arrive does not lose the session.
      this.deps.store.write(next, this.deps.sessionTimeoutHours);
      return await this.fetchMember(next);
    } catch {
      return this.deps.isLeaving?.() ? null : this.signOut();
    }
  }

  private async fetchMember(session: LoyaltySession): Promise<LoyaltyMember | null> {
    try {
      const reply = await this.deps.calls.getMember(session.token);
      if (reply.peachCode !== 0 || !reply.memberDetails) return this.signOut();
      return this.keep(session, reply.memberDetails);
    } catch {
      return this.deps.isLeaving?.() ? null : this.signOut();
    }
  }

  /** Stores the session and the member; an expired member counts as signed out. */
  private keep(session: LoyaltySession, details: MemberDetails): LoyaltyMember | null {
    const now = this.now();
    this.deps.store.write(session, sessionCookieHours(details, this.deps.sessionTimeoutHours, now));
    if (!isSignedInMember(details, this.deps.allowExpiredAccountsLogin, now)) {
      this.setState({ member: null, checking: false });
      return null;
    }
    const member: LoyaltyMember = {
      ...details,
      token: session.token,
      refreshToken: session.refreshToken,
      cypherVersion: session.cypherVersion,
    };
    this.setState({ member, checking: false });
    return member;
  }

  private signOut(): null {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.deps.store.clear();
    this.setState({ member: null, checking: false });
    return null;
  }

  private setState(state: SessionState): void {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }
}
