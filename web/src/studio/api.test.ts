import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  acceptInvitation,
  createIngestKey,
  deleteMember,
  discardDraft,
  findMembers,
  getDraft,
  getDraftPage,
  getDraftPages,
  getDraftSite,
  getIngestKeys,
  getInvitation,
  getMe,
  getPasskeyCreationOptions,
  getPasskeys,
  getPasskeySignInOptions,
  getPendingInvitations,
  getPointOfSale,
  getRevisions,
  getSites,
  getSiteStaff,
  patchDraftSite,
  publishDraft,
  registerPasskey,
  removeDraftPage,
  removePasskey,
  removeStaffAccess,
  restoreRevision,
  saveDraftPage,
  revokeIngestKey,
  sendActivation,
  sendInvitation,
  sendPasswordReset,
  setPointOfSale,
  signInWithPasskey,
  signOut,
  StudioApiError,
  unlockMember,
  type PageRecord,
} from './api';
import { pageAsAnswered } from './testing/page-blocks';
import { assertion, creationOptions, newCredential, requestOptions } from './testing/passkeys';
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

  it('make and use passkeys in the JSON forms of WebAuthn, a removal being a DELETE with a JSON body', async () => {
    const passkey = { id: 'pk 1', label: 'Laptop', createdAt: '2026-12-01T09:00:00Z', lastUsedAt: null };
    const calls = stubStudioApi({
      'POST /passkeys/options': { status: 200, body: creationOptions },
      'POST /passkeys': { status: 201, body: me },
      'GET /passkeys': { status: 200, body: [passkey] },
      'DELETE /passkeys/pk%201': { status: 204 },
      'POST /sign-in/passkey/options': { status: 200, body: requestOptions },
      'POST /sign-in/passkey': { status: 200, body: me },
    });
    expect(await getPasskeyCreationOptions({ invitation: 't1', name: 'Ada' })).toEqual(creationOptions);
    expect(await registerPasskey({ invitation: 't1', credential: newCredential })).toEqual(me);
    expect(await getPasskeys()).toEqual([passkey]);
    await removePasskey('pk 1');
    expect(await getPasskeySignInOptions()).toEqual(requestOptions);
    expect(await signInWithPasskey({ credential: assertion })).toEqual(me);
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/passkeys/options', { invitation: 't1', name: 'Ada' }],
      ['POST', '/passkeys', { invitation: 't1', credential: newCredential }],
      ['GET', '/passkeys', undefined],
      ['DELETE', '/passkeys/pk%201', {}],
      ['POST', '/sign-in/passkey/options', {}],
      ['POST', '/sign-in/passkey', { credential: assertion }],
    ]);
    for (const { method, init } of calls.filter(({ method }) => method !== 'GET')) {
      expect(new Headers(init.headers).get('Content-Type'), method).toBe('application/json');
    }
  });

  it("keep a passkey removal's refusal", async () => {
    stubStudioApi({ 'DELETE /passkeys/pk-1': studioError(409, 'failed_precondition', 'the last passkey, and e-mail sign-in is off') });
    await expect(removePasskey('pk-1')).rejects.toMatchObject({ status: 409, message: 'the last passkey, and e-mail sign-in is off' });
  });

  it("read a site's staff and invitations at its address, invite as JSON, and remove access with a JSON body", async () => {
    const site = { id: 'demo', name: 'Marquee Cinemas', hosts: ['marquee.example'], publicUrl: 'https://marquee.example' };
    const member = { id: 's 2', email: 'bo@chain.example', name: 'Bo', role: 'editor', theaterIds: [] };
    const waiting = { email: 'vi@chain.example', role: 'viewer', theaterIds: [], expiresAt: '2026-12-05T14:00:00Z' };
    const sent = { ...waiting, siteId: 'a/b' };
    const calls = stubStudioApi({
      'GET /sites': { status: 200, body: [site] },
      'GET /sites/a%2Fb/staff': { status: 200, body: [member] },
      'GET /sites/a%2Fb/invitations': { status: 200, body: [waiting] },
      'POST /invitations': { status: 201, body: sent },
      'DELETE /sites/a%2Fb/staff/s%202': { status: 204 },
    });
    expect(await getSites()).toEqual([site]);
    expect(await getSiteStaff('a/b')).toEqual([member]);
    expect(await getPendingInvitations('a/b')).toEqual([waiting]);
    expect(await sendInvitation({ email: 'vi@chain.example', role: 'viewer', siteId: 'a/b' })).toEqual(sent);
    await removeStaffAccess('a/b', 's 2');
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/sites', undefined],
      ['GET', '/sites/a%2Fb/staff', undefined],
      ['GET', '/sites/a%2Fb/invitations', undefined],
      ['POST', '/invitations', { email: 'vi@chain.example', role: 'viewer', siteId: 'a/b' }],
      ['DELETE', '/sites/a%2Fb/staff/s%202', {}],
    ]);
    for (const { method, init } of calls.filter(({ method }) => method !== 'GET')) {
      expect(new Headers(init.headers).get('Content-Type'), method).toBe('application/json');
    }
  });

  it("keep a refusal's field, and the refusal of one's own access", async () => {
    stubStudioApi({
      'POST /invitations': studioError(400, 'invalid_argument', 'theaterIds: a theater manager needs a theater', 'theaterIds'),
      'DELETE /sites/demo/staff/s1': studioError(409, 'failed_precondition', 'you cannot remove your own access'),
    });
    await expect(sendInvitation({ email: 'tm@chain.example', role: 'theater-manager', siteId: 'demo', theaterIds: [] })).rejects.toMatchObject({
      status: 400,
      field: 'theaterIds',
    });
    await expect(removeStaffAccess('demo', 's1')).rejects.toMatchObject({ status: 409, message: 'you cannot remove your own access' });
  });

  it("read a site's ingest keys at its address, make one as JSON, and revoke it with a JSON body", async () => {
    const key = { id: 'k 1', label: 'Box office', createdAt: '2026-12-03T14:00:00Z' };
    const made = { ...key, key: 'cik_0123' };
    const calls = stubStudioApi({
      'GET /sites/a%2Fb/ingest-keys': { status: 200, body: [key] },
      'POST /sites/a%2Fb/ingest-keys': { status: 201, body: made },
      'DELETE /sites/a%2Fb/ingest-keys/k%201': { status: 204 },
    });
    expect(await getIngestKeys('a/b')).toEqual([key]);
    expect(await createIngestKey('a/b', { label: 'Box office' })).toEqual(made);
    await revokeIngestKey('a/b', 'k 1');
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/sites/a%2Fb/ingest-keys', undefined],
      ['POST', '/sites/a%2Fb/ingest-keys', { label: 'Box office' }],
      ['DELETE', '/sites/a%2Fb/ingest-keys/k%201', {}],
    ]);
    for (const { method, init } of calls.filter(({ method }) => method !== 'GET')) {
      expect(new Headers(init.headers).get('Content-Type'), method).toBe('application/json');
    }
  });

  it("find a site's members by an exact e-mail address or card number, act on one with an empty JSON body, and delete one saying why", async () => {
    const member = { id: 'm 1', email: 'ana+x@example.com', status: 'locked', lastLoginAt: null, cards: ['••••••2345'] };
    const calls = stubStudioApi({
      'GET /sites/a%2Fb/members?email=ana%2Bx%40example.com': { status: 200, body: [member] },
      'GET /sites/a%2Fb/members?card=ABC123456': { status: 200, body: [] },
      'POST /sites/a%2Fb/members/m%201/unlock': { status: 200, body: { ...member, status: 'active' } },
      'POST /sites/a%2Fb/members/m%201/activation': studioError(422, 'failed_precondition', 'the member is activated already'),
      'POST /sites/a%2Fb/members/m%201/password-reset': { status: 200, body: member },
      'DELETE /sites/a%2Fb/members/m%201': { status: 204 },
    });
    expect(await findMembers('a/b', { email: 'ana+x@example.com' })).toEqual([member]);
    expect(await findMembers('a/b', { card: 'ABC123456' })).toEqual([]);
    expect(await unlockMember('a/b', 'm 1')).toEqual({ ...member, status: 'active' });
    await expect(sendActivation('a/b', 'm 1')).rejects.toMatchObject({ status: 422, message: 'the member is activated already' });
    expect(await sendPasswordReset('a/b', 'm 1')).toEqual(member);
    await deleteMember('a/b', 'm 1', 'Asked by the member');
    expect(calls.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['GET', '/sites/a%2Fb/members?email=ana%2Bx%40example.com', undefined],
      ['GET', '/sites/a%2Fb/members?card=ABC123456', undefined],
      ['POST', '/sites/a%2Fb/members/m%201/unlock', {}],
      ['POST', '/sites/a%2Fb/members/m%201/activation', {}],
      ['POST', '/sites/a%2Fb/members/m%201/password-reset', {}],
      ['DELETE', '/sites/a%2Fb/members/m%201', { reason: 'Asked by the member' }],
    ]);
    for (const { method, init } of calls.filter(({ method }) => method !== 'GET')) {
      expect(new Headers(init.headers).get('Content-Type'), method).toBe('application/json');
    }
  });

  it("keep the field of a member lookup's refusal", async () => {
    stubStudioApi({ 'GET /sites/demo/members?card=12': studioError(400, 'invalid_argument', 'card: 6 to 20 letters and digits', 'card') });
    await expect(findMembers('demo', { card: '12' })).rejects.toMatchObject({ status: 400, field: 'card' });
  });

  it("read a site's draft and history, publish it now (200) or at a time (202), discard it and restore with a JSON body", async () => {
    const draft = { changes: [{ kind: 'page', id: 'about', by: 'Ed', at: '2026-12-03T14:00:00Z', removed: false }], schedule: null };
    const revisions = [{ revision: 'r2', at: '2026-12-03T14:00:00Z', by: 'Ed', summary: 'page about changed' }];
    const calls = stubStudioApi({
      'GET /sites/a%2Fb/draft': { status: 200, body: draft },
      'GET /sites/a%2Fb/revisions': { status: 200, body: revisions },
      'POST /sites/a%2Fb/draft/publish': (body) =>
        (body as { publishAt?: string }).publishAt
          ? { status: 202, body: { publishAt: '2031-12-05T13:30:00Z' } }
          : { status: 200, body: { revision: 'r3' } },
      'DELETE /sites/a%2Fb/draft': { status: 204 },
      'POST /sites/a%2Fb/revisions/r%201/restore': { status: 200, body: { revision: 'r4' } },
    });
    expect(await getDraft('a/b')).toEqual(draft);
    expect(await getRevisions('a/b')).toEqual(revisions);
    expect(await publishDraft('a/b', { overwrite: true })).toEqual({ scheduled: false, revision: 'r3' });
    expect(await publishDraft('a/b', { publishAt: '2031-12-05T14:30:00+01:00', overwrite: false })).toEqual({
      scheduled: true,
      publishAt: '2031-12-05T13:30:00Z',
    });
    await discardDraft('a/b');
    expect(await restoreRevision('a/b', 'r 1')).toEqual({ revision: 'r4' });
    expect(calls.filter(({ method }) => method !== 'GET').map(({ method, path, body }) => [method, path, body])).toEqual([
      ['POST', '/sites/a%2Fb/draft/publish', { overwrite: true }],
      ['POST', '/sites/a%2Fb/draft/publish', { publishAt: '2031-12-05T14:30:00+01:00', overwrite: false }],
      ['DELETE', '/sites/a%2Fb/draft', {}],
      ['POST', '/sites/a%2Fb/revisions/r%201/restore', {}],
    ]);
  });

  it('keep the records a publishing names as changed since (409)', async () => {
    const message = "changed since the draft began: page 'about'; publish with overwrite to replace them";
    stubStudioApi({ 'POST /sites/demo/draft/publish': studioError(409, 'conflict', message) });
    await expect(publishDraft('demo', { overwrite: false })).rejects.toMatchObject({ status: 409, message });
  });

  it("read the site's document as the draft has it, and change it by a merge patch (RFC 7396), its refusal naming the field", async () => {
    const document = { name: 'Marquee Cinemas', config: { theme: { palette: { primary: '#C8102E' } } } };
    const patched = { name: 'Marquee Cinemas', config: { theme: { palette: { primary: '#0A7E8C' } } } };
    const patch = { config: { theme: { palette: { primary: '#0A7E8C' } } } };
    const calls = stubStudioApi({
      'GET /sites/a%2Fb/draft/site': { status: 200, body: document },
      'PATCH /sites/a%2Fb/draft/site': { status: 200, body: patched },
    });
    expect(await getDraftSite('a/b')).toEqual(document);
    expect(await patchDraftSite('a/b', patch)).toEqual(patched);
    const [, sent] = calls;
    expect([sent?.method, sent?.path, sent?.body]).toEqual(['PATCH', '/sites/a%2Fb/draft/site', patch]);
    expect(new Headers(sent?.init.headers).get('Content-Type')).toBe('application/merge-patch+json');
    expect(sent?.init.credentials).toBe('same-origin');

    stubStudioApi({
      'PATCH /sites/demo/draft/site': studioError(400, 'invalid_argument', 'not a colour', 'config.theme.palette.primary'),
    });
    await expect(patchDraftSite('demo', { config: { theme: { palette: { primary: 'red' } } } })).rejects.toMatchObject({
      status: 400,
      field: 'config.theme.palette.primary',
    });
  });

  it("read the draft's pages and one page, write one whole with PUT as JSON (answered as GET answers it), and remove one with a JSON body (204), a refusal naming the field", async () => {
    const pages = [{ slug: 'about', title: 'About us', state: 'changed' }];
    const page = { slug: 'about', title: 'About us', blocks: [{ type: 'paragraph', text: [{ text: 'Hello' }] }] };
    const calls = stubStudioApi({
      'GET /sites/a%2Fb/draft/pages': { status: 200, body: pages },
      'GET /sites/a%2Fb/draft/pages/about': { status: 200, body: page },
      'PUT /sites/a%2Fb/draft/pages/about': (body) => ({ status: 200, body: pageAsAnswered(body as PageRecord) }),
      'DELETE /sites/a%2Fb/draft/pages/about': { status: 204 },
    });
    expect(await getDraftPages('a/b')).toEqual(pages);
    expect(await getDraftPage('a/b', 'about')).toEqual(page);
    // The answer is the page as the draft now has it, as GET answers it.
    expect(await saveDraftPage('a/b', page)).toEqual(pageAsAnswered(page));
    await expect(removeDraftPage('a/b', 'about')).resolves.toBeUndefined();
    const sent = calls.filter(({ method }) => method !== 'GET');
    expect(sent.map(({ method, path, body }) => [method, path, body])).toEqual([
      ['PUT', '/sites/a%2Fb/draft/pages/about', page],
      ['DELETE', '/sites/a%2Fb/draft/pages/about', {}],
    ]);
    expect(new Headers(sent[0]?.init.headers).get('Content-Type')).toBe('application/json');
    expect(sent[0]?.init.credentials).toBe('same-origin');

    stubStudioApi({ 'PUT /sites/demo/draft/pages/movies': studioError(400, 'invalid_argument', 'taken by the site', 'slug') });
    await expect(saveDraftPage('demo', { slug: 'movies', title: 'Movies' })).rejects.toMatchObject({ status: 400, field: 'slug' });
  });
  it("read a theater's point of sale and set it with PUT as JSON, both ids encoded, a refusal naming the field", async () => {
    const state = {
      link: { provider: 'veezi', tokenFile: '', attributes: { OC: 'open-captions' } },
      tokenKept: true,
      tokenSetAt: '2026-12-03T14:05:00Z',
      tokenSetBy: 'Theo Manager',
      lastSuccessAt: null,
      lastError: '',
      lastErrorAt: null,
      showtimesChangedLastHour: 0,
      seatUpdatesLastHour: 0,
      lastChangeAt: null,
    };
    const setting = { link: state.link, token: 'veezi-secret' };
    const calls = stubStudioApi({
      'GET /sites/a%2Fb/theaters/1%2F2/point-of-sale': { status: 200, body: state },
      'PUT /sites/a%2Fb/theaters/1%2F2/point-of-sale': { status: 200, body: state },
    });
    expect(await getPointOfSale('a/b', '1/2')).toEqual(state);
    expect(await setPointOfSale('a/b', '1/2', setting)).toEqual(state);
    const [put] = calls.filter(({ method }) => method === 'PUT');
    expect(put?.body).toEqual(setting);
    expect(new Headers(put?.init.headers).get('Content-Type')).toBe('application/json');
    expect(put?.init.credentials).toBe('same-origin');

    stubStudioApi({ 'PUT /sites/demo/theaters/101/point-of-sale': studioError(400, 'invalid_argument', 'a token is needed', 'token') });
    await expect(setPointOfSale('demo', '101', { link: state.link })).rejects.toMatchObject({ status: 400, field: 'token' });
  });
});
