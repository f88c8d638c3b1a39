// One loyalty call through the gateway's /api/cypher. Provider replies (peachCode, statusCode)
// come back as they are, whatever the HTTP status, so callers read their codes; a gateway
// error body ({"error": ...}) or a network failure throws.

import { ApiError } from '@/lib/api-client';
import type { ApiErrorBody } from '@/types/api';
import type { CypherReply } from '../types';
import { CYPHER_PATH, cypherRequestInit, type CypherCall } from '../utils/cypher-envelope';

export async function callCypher(call: CypherCall, brand: string, signal?: AbortSignal): Promise<CypherReply> {
  const response = await fetch(CYPHER_PATH, { ...cypherRequestInit(call, brand), signal });
  const body = (await response.json().catch(() => undefined)) as (CypherReply & ApiErrorBody) | undefined;
  if (body && (typeof body.peachCode === 'number' || typeof body.statusCode === 'number')) return body;
  throw new ApiError(
    response.status,
    body?.error?.code ?? 'http_error',
    body?.error?.message ?? response.statusText,
  );
}

/** A call answered with raw text, such as a wallet pass's signed token. */
export async function callCypherText(call: CypherCall, brand: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(CYPHER_PATH, { ...cypherRequestInit({ ...call, responseFormat: 'raw' }, brand), signal });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as ApiErrorBody;
    throw new ApiError(response.status, body.error?.code ?? 'http_error', body.error?.message ?? response.statusText);
  }
  return response.text();
}
