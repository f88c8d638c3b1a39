import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoyaltyReplyError } from '../api/call-cypher';
import { sessionCalls } from '../api/session-calls';
import type { CypherReply, LoyaltyContext, LoyaltySession } from '../types';
import type { CypherCall } from './cypher-envelope';
import { LoyaltySessionController, type SessionStore } from './session-controller';

const v3: LoyaltyContext = { circuitId: '77', cinemaId: '101', clubId: 'C', provider: 'BOOST_POS', version: 3, brand: 'boxoffice' };
const tokens = (n: number) => ({
  sessionManagementTokens: { boxofficeSessionToken: `t${n}`, boxofficeRefreshSessionToken: `r${n}` },
});
const member = { memberId: 'm1', firstName: 'Ada', memberExpiry: '0001-01-01T00:00:00Z' };

function memoryStore(initial?: LoyaltySession) {
  let session = initial;
  const store: SessionStore & { hours: Array<number | undefined>; relatedCleared: number } = {
    hours: [],
    relatedCleared: 0,
    read: () => session,
    write: (next, hours) => {
      session = next;
      store.hours.push(hours);
    },
    clear: () => {
      session = undefined;
    },
    clearRelated: () => {
      store.relatedCleared += 1;
    },
  };
  return store;
}

function controllerWith(replies: Record<string, CypherReply | Error>, store: SessionStore, context = v3) {
  const calls: CypherCall[] = [];
  const call = vi.fn((request: CypherCall) => {
    calls.push(request);
    const key = Object.keys(replies).find((route) => request.route.startsWith(route));
    const reply = key ? replies[key] : undefined;
    if (reply instanceof Error) return Promise.reject(reply);
    return Promise.resolve(reply ?? { peachCode: 30 });
  });
  const controller = new LoyaltySessionController({
    context,
    sessionTimeoutHours: 720,
    allowExpiredAccountsLogin: false,
    calls: sessionCalls(context, call),
    store,
    now: () => new Date('2026-11-23T12:00:00Z'),
  });
  return { controller, calls };
}

describe('loyalty session lifecycle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('signs in on peachCode 0, keeping the tokens for sessionTimeout hours', async () => {
    const store = memoryStore();
    const { controller, calls } = controllerWith({ '/Member/v3/Login': { peachCode: 0, memberDetails: member, ...tokens(1) } }, store);
    const signedIn = await controller.login({ username: 'ada@example.com', password: 'pw', captchaToken: 'c' });
    expect(signedIn).toMatchObject({ memberId: 'm1', token: 't1', refreshToken: 'r1', cypherVersion: 3 });
    expect(store.read()).toEqual({ token: 't1', refreshToken: 'r1', cypherVersion: 3 });
    expect(store.hours).toEqual([720]);
    expect(store.relatedCleared).toBe(1);
    expect(calls[0]).toMatchObject({ payload: { username: 'ada@example.com', password: 'pw' }, captchaToken: 'c' });
    controller.stop();
  });

  it('rejects with the provider reply on any other result', async () => {
    const { controller } = controllerWith({ '/Member/v3/Login': { peachCode: 31 } }, memoryStore());
    const failure = controller.login({ username: 'a', password: 'b' });
    await expect(failure).rejects.toBeInstanceOf(LoyaltyReplyError);
    await expect(failure).rejects.toMatchObject({ reply: { peachCode: 31 } });
  });

  it('resolves null when the login call gets no answer, as the other calls do', async () => {
    const store = memoryStore();
    const { controller } = controllerWith({ '/Member/v3/Login': new TypeError('Failed to fetch') }, store);
    await expect(controller.login({ username: 'a', password: 'b' })).resolves.toBeNull();
    expect(store.read()).toBeUndefined();
    expect(controller.getState().member).toBeNull();
  });

  it('treats an expired member as signed out, with a browser-session cookie', async () => {
    const store = memoryStore();
    const expired = { ...member, memberExpiry: '2026-01-01T00:00:00Z' };
    const { controller } = controllerWith({ '/Member/v3/Login': { peachCode: 0, memberDetails: expired, ...tokens(1) } }, store);
    await expect(controller.login({ username: 'a', password: 'b' })).rejects.toMatchObject({ reply: { peachCode: 0 } });
    expect(store.hours).toEqual([undefined]);
    expect(controller.getState().member).toBeNull();
  });

  it('refreshes the stored session 500 ms after start, then reads the member with the new token', async () => {
    const store = memoryStore({ token: 't0', refreshToken: 'r0', cypherVersion: 3 });
    const { controller, calls } = controllerWith(
      { '/Member/v3/RefreshLogin': { peachCode: 0, ...tokens(2) }, '/Member/v3/GetMember/': { peachCode: 0, memberDetails: member } },
      store,
    );
    controller.start();
    expect(controller.getState().checking).toBe(true);
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.map((call) => call.route)).toEqual(['/Member/v3/RefreshLogin', '/Member/v3/GetMember/']);
    expect(calls[0]?.refreshToken).toBe('r0');
    expect(calls[1]?.sessionToken).toBe('t2');
    expect(controller.getState()).toMatchObject({ checking: false, member: { memberId: 'm1', token: 't2' } });
    await vi.advanceTimersByTimeAsync(85_800_000);
    expect(calls).toHaveLength(4);
    controller.stop();
  });

  it('clears the session silently when a refresh fails', async () => {
    const store = memoryStore({ token: 't0', refreshToken: 'r0', cypherVersion: 3 });
    const { controller } = controllerWith({ '/Member/v3/RefreshLogin': new Error('offline') }, store);
    controller.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(store.read()).toBeUndefined();
    expect(controller.getState()).toEqual({ member: null, checking: false });
  });

  it('refreshes version 1 sessions every 10 minutes with the refresh token in the payload', async () => {
    const v1 = { ...v3, provider: 'RTS', version: 1 as const };
    const store = memoryStore({ token: 't0', refreshToken: 'r0', cypherVersion: 1, memberId: 'm1', encryptedSessionId: 'e' });
    const { controller, calls } = controllerWith(
      { '/Member/RefreshLogin': { statusCode: 200, memberDetails: member, ...tokens(3) } },
      store,
      v1,
    );
    controller.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(calls[0]).toMatchObject({ route: '/Member/RefreshLogin?circuitId=77', payload: { refreshToken: 'r0' } });
    expect(store.read()).toEqual({ token: 't3', refreshToken: 'r3', cypherVersion: 1, memberId: 'm1', encryptedSessionId: 'e' });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(calls).toHaveLength(2);
    controller.stop();
  });

  it('starts signed out without a stored session, calling nothing', async () => {
    const { controller, calls } = controllerWith({}, memoryStore());
    controller.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(0);
    expect(controller.getState()).toEqual({ member: null, checking: false });
  });

  it('logs out on version 3 cancelling the order, and clears the session even when the call fails', async () => {
    const store = memoryStore({ token: 't0', refreshToken: 'r0', cypherVersion: 3 });
    const { controller, calls } = controllerWith({ '/Member/v3/Logout': new Error('offline') }, store);
    await expect(controller.logout()).rejects.toThrow('offline');
    expect(calls[0]).toMatchObject({
      route: '/Member/v3/Logout?boxofficeCircuitId=77&boxofficeCinemaId=101',
      sessionToken: 't0',
      payload: { cancelAssociatedOrder: true, userSessionId: 'r0' },
    });
    expect(store.read()).toBeUndefined();
  });

  it('with a supplied token, signs in by it and runs no refresh', async () => {
    const store = memoryStore({ token: 'old', refreshToken: 'old-r', cypherVersion: 3 });
    const calls: CypherCall[] = [];
    const controller = new LoyaltySessionController({
      context: v3,
      sessionTimeoutHours: 720,
      allowExpiredAccountsLogin: false,
      calls: sessionCalls(v3, (request) => {
        calls.push(request);
        return Promise.resolve({ peachCode: 0, memberDetails: member });
      }),
      store,
      suppliedToken: 'handed',
    });
    controller.start();
    await vi.advanceTimersByTimeAsync(90_000_000);
    expect(calls.map((made) => made.route)).toEqual(['/Member/v3/GetMember/']);
    expect(calls[0]?.sessionToken).toBe('handed');
    expect(controller.getState().member).toMatchObject({ memberId: 'm1', token: 'handed' });
  });

  it('signs in by token, keeping the stored refresh token of the same session when the reply has none', async () => {
    const store = memoryStore({ token: 'handed', refreshToken: 'handed-r', cypherVersion: 3 });
    const { controller } = controllerWith({ '/Member/v3/GetMember/': { peachCode: 0, memberDetails: member } }, store);
    await expect(controller.loginByToken('handed')).resolves.toMatchObject({ token: 'handed', refreshToken: 'handed-r' });
    expect(store.read()).toEqual({ token: 'handed', refreshToken: 'handed-r', cypherVersion: 3 });
  });

  it('keeps the refresh token a login by token answers with', async () => {
    const store = memoryStore();
    const { controller } = controllerWith({ '/Member/v3/GetMember/': { peachCode: 0, memberDetails: member, ...tokens(4) } }, store);
    await controller.loginByToken('handed');
    expect(store.read()).toEqual({ token: 't4', refreshToken: 'r4', cypherVersion: 3 });
  });
});

describe('a session known by its token alone (a login by token answered without a refresh token)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is stored without the session token posing as its refresh token', async () => {
    const store = memoryStore();
    const { controller } = controllerWith({ '/Member/v3/GetMember/': { peachCode: 0, memberDetails: member, sessionManagementTokens: { boxofficeSessionToken: 'handed' } } }, store);
    await controller.loginByToken('handed');
    expect(store.read()).toEqual({ token: 'handed', cypherVersion: 3 });
  });

  it('stays signed in on the next pages: each checks the token by logging in with it again', async () => {
    const store = memoryStore({ token: 'handed', cypherVersion: 3 });
    for (let page = 0; page < 2; page += 1) {
      const { controller, calls } = controllerWith({ '/Member/v3/GetMember/': { peachCode: 0, memberDetails: member } }, store);
      controller.start();
      await vi.advanceTimersByTimeAsync(500);
      expect(calls.map((call) => [call.route, call.sessionToken, call.refreshToken])).toEqual([['/Member/v3/GetMember/', 'handed', undefined]]);
      expect(controller.getState()).toMatchObject({ checking: false, member: { memberId: 'm1', token: 'handed' } });
      controller.stop();
    }
    expect(store.read()).toEqual({ token: 'handed', cypherVersion: 3 });
  });

  it('is cleared once the provider no longer knows the token', async () => {
    const store = memoryStore({ token: 'handed', cypherVersion: 3 });
    const { controller } = controllerWith({ '/Member/v3/GetMember/': { peachCode: 30 } }, store);
    controller.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(store.read()).toBeUndefined();
    expect(controller.getState()).toEqual({ member: null, checking: false });
  });

  it('version 1 logs in with the token again, as its refresh needs a refresh token', async () => {
    const v1 = { ...v3, provider: 'NONE', version: 1 as const };
    const store = memoryStore({ token: 'handed', cypherVersion: 1, memberId: 'm1' });
    const { controller, calls } = controllerWith(
      { '/Member/LoginWithToken': { statusCode: 200, memberDetails: member, sessionManagementTokens: { boxofficeSessionToken: 'handed' } } },
      store,
      v1,
    );
    await expect(controller.refreshNow()).resolves.toMatchObject({ memberId: 'm1', token: 'handed' });
    expect(calls.map((call) => call.route)).toEqual(['/Member/LoginWithToken?circuitId=77']);
    expect(store.read()).toEqual({ token: 'handed', cypherVersion: 1, memberId: 'm1' });
  });
});

describe('version 1 login by token', () => {
  const v1: LoyaltyContext = { ...v3, provider: 'NONE', version: 1 };

  it('posts the token to LoginWithToken and keeps the session on statusCode 200 with memberDetails', async () => {
    const store = memoryStore();
    const { controller, calls } = controllerWith(
      { '/Member/LoginWithToken': { peachCode: 0, statusCode: 200, memberDetails: member } },
      store,
      v1,
    );
    await expect(controller.loginByToken('handed')).resolves.toMatchObject({ memberId: 'm1', token: 'handed' });
    expect(calls).toEqual([
      { method: 'POST', route: '/Member/LoginWithToken?circuitId=77', payload: { token: 'handed', flag: true } },
    ]);
    expect(store.read()).toEqual({ token: 'handed', cypherVersion: 1, memberId: 'm1' });
  });

  it('signs out when LoginWithToken answers without success', async () => {
    const store = memoryStore();
    const { controller } = controllerWith({ '/Member/LoginWithToken': { peachCode: 30, statusCode: 401 } }, store, v1);
    await expect(controller.loginByToken('stale')).resolves.toBeNull();
    expect(store.read()).toBeUndefined();
  });
});

describe('a page being left', () => {
  it('keeps the session when a refresh fails because the browser cancelled it', async () => {
    const store = memoryStore({ token: 't0', refreshToken: 'r0', cypherVersion: 3 });
    const controller = new LoyaltySessionController({
      context: v3,
      sessionTimeoutHours: 720,
      allowExpiredAccountsLogin: false,
      calls: sessionCalls(v3, () => Promise.reject(new TypeError('Failed to fetch'))),
      store,
      isLeaving: () => true,
    });
    await expect(controller.refreshNow()).resolves.toBeNull();
    expect(store.read()).toEqual({ token: 't0', refreshToken: 'r0', cypherVersion: 3 });
  });
});
