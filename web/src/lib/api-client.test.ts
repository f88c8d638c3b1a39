import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, buildUrl, getJson, isNotFound, postJson } from './api-client';

describe('buildUrl', () => {
  it('leaves out empty query values', () => {
    expect(buildUrl('/api/v1/movies', { theaterId: '', playWeek: 'CURRENT_PLAYWEEK' })).toBe(
      '/api/v1/movies?playWeek=CURRENT_PLAYWEEK',
    );
    expect(buildUrl('/api/v1/movies', { theaterId: undefined })).toBe('/api/v1/movies');
  });
});

describe('getJson', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('turns the gateway error body into an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: { code: 'not_found', message: 'no movie 99' } }), {
            status: 404,
            headers: { 'Content-Type': 'application/json' },
          }),
        ),
      ),
    );
    const failure = await getJson('/api/v1/movies/99').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, code: 'not_found', message: 'no movie 99' });
    expect(isNotFound(failure)).toBe(true);
  });

  it('survives an error body that is not JSON', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }))));
    const failure = await getJson('/api/v1/site').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 502, code: 'http_error' });
  });
});

describe('postJson', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON and reads the error body like getJson', async () => {
    const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(() =>
      Promise.resolve(
        new Response(JSON.stringify({ error: { code: 'invalid_argument', message: 'choices: required' } }), {
          status: 400,
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const failure = await postJson('/api/v1/consent/receipts', { a: 1 }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 400, code: 'invalid_argument', message: 'choices: required' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/consent/receipts');
    expect(init).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });
});
