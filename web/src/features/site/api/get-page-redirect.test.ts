import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { redirectedAddress } from './get-page-redirect';

const answer = (status: number, url: string, redirected: boolean) => ({
  ok: status >= 200 && status < 300,
  status,
  statusText: '',
  redirected,
  url,
});

describe('redirectedAddress', () => {
  it.each([
    // A movie's permalink and a path deeper under its page, followed to the page.
    [answer(200, 'http://127.0.0.1:8090/movies/1004-velocity/', true), '/movies/1004-velocity/'],
    [answer(200, 'http://127.0.0.1:8090/movies/1004-velocity/?utm_source=mail', true), '/movies/1004-velocity/?utm_source=mail'],
    // A page at the address itself leads nowhere else (no loop).
    [answer(200, 'http://127.0.0.1:8090/movies/1004-velocity/', false), null],
    // No movie, theater or page there.
    [answer(404, 'http://127.0.0.1:8090/movies/999-none/cast/', false), null],
    [answer(404, 'http://127.0.0.1:8090/404.html', true), null],
  ])('%j -> %s', (gatewayAnswer, expected) => {
    expect(redirectedAddress(gatewayAnswer)).toBe(expected);
  });

  it('throws when the gateway failed to answer, so the page-load rules apply', () => {
    expect(() => redirectedAddress(answer(503, 'http://127.0.0.1:8090/permalink/movie/1004', false))).toThrow(ApiError);
  });
});
