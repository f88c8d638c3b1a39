import { afterEach, describe, expect, it, vi } from 'vitest';
import { acceptInvitation, getInvitation, getMe, signOut, StudioApiError } from './api';
import { stubStudioApi, studioError } from './testing/studio-api';

const me = { staff: { id: 's1', email: 'ada@example.com', name: 'Ada' }, grants: [{ role: 'operator', siteId: null, theaterIds: [] }] };

describe("the studio's API calls", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('read who is signed in with the session cookie, and nobody on 401', async () => {
    const calls = stubStudioApi({ 'GET /me': { status: 200, body: me } });
    expect(await getMe()).toEqual(me);
    expect(calls[0]?.init.credentials).toBe('same-origin');

    stubStudioApi({ 'GET /me': studioError(401, 'unauthenticated', 'no session') });
    expect(await getMe()).toBeNull();
  });

  it('send every POST as JSON, with the cookie', async () => {
    const calls = stubStudioApi({
      'POST /invitation': { status: 200, body: { email: null } },
      'POST /invitations/accept': { status: 200, body: me },
      'POST /sign-out': { status: 204 },
    });
    await getInvitation('t1');
    await acceptInvitation({ token: 't1', name: 'Ada', email: 'ada@example.com' });
    await signOut();
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/invitation', { token: 't1' }],
      ['POST', '/invitations/accept', { token: 't1', name: 'Ada', email: 'ada@example.com' }],
      ['POST', '/sign-out', {}],
    ]);
    for (const { init } of calls) {
      expect(init.credentials).toBe('same-origin');
      expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    }
  });

  it('say an unknown, used or expired invitation is none', async () => {
    stubStudioApi({ 'POST /invitation': studioError(401, 'unauthenticated', 'invitation unknown, used or expired') });
    expect(await getInvitation('t1')).toBeNull();
  });

  it('keep the code, message and field of a refusal', async () => {
    stubStudioApi({ 'POST /invitations/accept': studioError(400, 'invalid_argument', 'name is empty', 'name') });
    const refusal = await acceptInvitation({ token: 't1', name: '' }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(StudioApiError);
    expect(refusal).toMatchObject({ status: 400, code: 'invalid_argument', message: 'name is empty', field: 'name' });
  });

  it('fail with the status when a proxy answers without the JSON body', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 503, statusText: 'Service Unavailable' }))));
    await expect(getMe()).rejects.toMatchObject({ status: 503, code: 'http_error' });
  });
});
