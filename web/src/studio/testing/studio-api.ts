// A stand-in for the gateway's studio API in tests: `fetch` answers each `METHOD /path` (under
// /studio/api/v1) as the test says, and every call is kept to be looked at.
import { vi } from 'vitest';
import { STUDIO_API, type Me, type StudioSite } from '../api';

/**
 * An answer: JSON (`body`), or a CSV file (`csv`, as the gateway answers a request that
 * accepts text/csv); or none at all (`noAnswer`).
 */
export type StudioAnswer = { status: number; body?: unknown; csv?: string };

/** No answer at all (the network is down, the gateway unreachable): `fetch` fails, as a browser's does. */
export const noAnswer: StudioAnswer = { status: 0 };

export type StudioCall = { method: string; path: string; body: unknown; init: RequestInit };

/** Each call's answer, or a function of the call's body (and of its request, for its headers). */
export type StudioAnswers = Record<string, StudioAnswer | ((body: unknown, init: RequestInit) => StudioAnswer)>;

/** The gateway's error body. */
export function studioError(status: number, code: string, message: string, field?: string): StudioAnswer {
  return { status, body: { error: { code, message, ...(field ? { field } : {}) } } };
}

/**
 * Stubs `fetch` with `answers` (keyed `POST /invitation`, `GET /me`, `GET /audit?siteId=demo`,
 * ...); anything else is a 404.
 */
export function stubStudioApi(answers: StudioAnswers): StudioCall[] {
  const calls: StudioCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.startsWith(STUDIO_API) ? url.slice(STUDIO_API.length) : url;
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body, init });
      const answer = answers[`${method} ${path}`];
      const { status, body: answerBody, csv } =
        typeof answer === 'function' ? answer(body, init) : (answer ?? studioError(404, 'not_found', 'no such route'));
      if (status === noAnswer.status) return Promise.reject(new TypeError('Failed to fetch'));
      if (csv !== undefined) {
        return Promise.resolve(new Response(csv, { status, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }));
      }
      return Promise.resolve(
        new Response(answerBody === undefined ? null : JSON.stringify(answerBody), {
          status,
          headers: answerBody === undefined ? {} : { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return calls;
}

/**
 * The studio's API for `me`, signed in, who may see `sites`, with `answers` besides (which
 * may answer /me or /sites otherwise).
 */
export function stubSignedIn(me: Me, sites: StudioSite[], answers: StudioAnswers = {}): StudioCall[] {
  return stubStudioApi({ 'GET /me': { status: 200, body: me }, 'GET /sites': { status: 200, body: sites }, ...answers });
}
