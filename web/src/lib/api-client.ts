import type { ApiErrorBody } from '@/types/api';

/** A failed gateway call, carrying the gateway's `{"error": {code, message}}` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

type Query = Record<string, string | undefined>;

/** `path?query`, leaving out empty query values so the gateway sees "not given". */
export function buildUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value) params.set(name, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export async function getJson<T>(
  path: string,
  { query, signal }: { query?: Query; signal?: AbortSignal } = {},
): Promise<T> {
  const response = await fetch(buildUrl(path, query), {
    headers: { Accept: 'application/json' },
    signal,
  });
  return readJson<T>(response);
}

/** POSTs `body` as JSON and reads the JSON answer. */
export async function postJson<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return readJson<T>(response);
}

async function readJson<T>(response: Response): Promise<T> {
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as ApiErrorBody;
    throw new ApiError(
      response.status,
      body.error?.code ?? 'http_error',
      body.error?.message ?? response.statusText,
    );
  }
  return (await response.json()) as T;
}
