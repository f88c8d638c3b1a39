import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { callCypher, callCypherText, LoyaltyReplyError } from './call-cypher';

function answer(status: number, body: unknown, contentType = 'application/json') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(text, { status, headers: { 'Content-Type': contentType } }))));
}

describe('callCypher', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('posts the envelope to /api/cypher and returns the provider reply', async () => {
    answer(200, { peachCode: 0, memberDetails: { memberId: 'm1' } });
    const reply = await callCypher({ method: 'GET', route: '/Member/v3/GetMember/', sessionToken: 't' }, 'boxoffice');
    expect(reply.memberDetails?.memberId).toBe('m1');
    const [path, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(path).toBe('/api/cypher');
    expect((init as RequestInit).method).toBe('POST');
  });

  it('returns failing provider replies for their codes, whatever the HTTP status', async () => {
    answer(423, { peachCode: 423, clientErrorMessage: 'Locked' });
    await expect(callCypher({ method: 'POST', route: '/Member/v3/Login' }, 'boxoffice')).resolves.toMatchObject({
      peachCode: 423,
    });
  });

  it('throws the gateway error of a malformed call', async () => {
    answer(400, { error: { code: 'invalid_argument', message: 'reqMetadata.route: required' } });
    const failure = callCypher({ method: 'POST', route: '' }, 'boxoffice');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'reqMetadata.route: required' });
  });

  it('rethrows network failures', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(callCypher({ method: 'GET', route: '/x' }, 'boxoffice')).rejects.toThrow('Failed to fetch');
  });

  it('reads raw replies as text', async () => {
    answer(200, 'eyJhbGciOi.x.y', 'text/plain');
    await expect(callCypherText({ method: 'GET', route: '/WalletPasses/CreateLoyaltyCard/77' }, 'boxoffice')).resolves.toBe(
      'eyJhbGciOi.x.y',
    );
  });

  it.each([
    // A site without a wallet key: HTTP 501 with the provider's reply.
    [501, { peachCode: 503, clientErrorMessage: 'Wallet passes are not available on this site (Code: 503)' }],
    // Another member's card: the refusal comes with HTTP 200, as JSON rather than text.
    [200, { peachCode: 30, clientErrorMessage: 'Member not found (Code: 30)' }],
  ])('throws the provider reply of a raw call refused with HTTP %i', async (status, reply) => {
    answer(status, reply);
    const failure = callCypherText({ method: 'GET', route: '/WalletPasses/CreateLoyaltyCard/77' }, 'boxoffice');
    await expect(failure).rejects.toBeInstanceOf(LoyaltyReplyError);
    await expect(failure).rejects.toMatchObject({ reply });
  });

  it('throws the gateway error of a malformed raw call', async () => {
    answer(400, { error: { code: 'invalid_argument', message: 'reqMetadata.route: required' } });
    const failure = callCypherText({ method: 'GET', route: '' }, 'boxoffice');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: 'reqMetadata.route: required' });
  });
});
