// A stand-in for the gateway's studio API in tests: `fetch` answers each `METHOD /path` (under
// /studio/api/v1) as the test says, and every call is kept to be looked at.
import { vi } from 'vitest';
import { STUDIO_API } from '../api';

export type StudioAnswer = { status: number; body?: unknown };

export type StudioCall = { method: string; path: string; body: unknown; init: RequestInit };

type Answers = Record<string, StudioAnswer | ((body: unknown) => StudioAnswer)>;

/** The gateway's error body. */
export function studioError(status: number, code: string, message: string, field?: string): StudioAnswer {
  return { status, body: { error: { code, message, ...(field ? { field } : {}) } } };
}

/** Stubs `fetch` with `answers` (keyed `POST /invitation`, `GET /me`, ...); anything else is a 404. */
export function stubStudioApi(answers: Answers): StudioCall[] {
  const calls: StudioCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      const path = url.startsWith(STUDIO_API) ? url.slice(STUDIO_API.length) : url;
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body, init });
      const answer = answers[`${method} ${path}`];
      const { status, body: answerBody } =
        typeof answer === 'function' ? answer(body) : (answer ?? studioError(404, 'not_found', 'no such route'));
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
