// One loyalty call through the gateway's /api/cypher. Provider replies (peachCode, statusCode)
// come back as they are, whatever the HTTP status, so callers read their codes; a gateway
// error body ({"error": ...}) or a network failure throws. A raw-text call has no reply to
// hand back, so a provider refusal there throws as a LoyaltyReplyError carrying the reply.

import { ApiError } from '@/lib/api-client';
import type { ApiErrorBody } from '@/types/api';
import type { CypherReply } from '../types';
import { CYPHER_PATH, cypherRequestInit, type CypherCall } from '../utils/cypher-envelope';
import { replyCode } from '../utils/error-message';

/** A provider reply that is not a success, thrown so screens show its catalogue message. */
export class LoyaltyReplyError extends Error {
  constructor(readonly reply: CypherReply) {
    super(`the loyalty provider answered code ${replyCode(reply) ?? 'unknown'}`);
    this.name = 'LoyaltyReplyError';
  }
}

/** The provider reply in a response's JSON body; a gateway error body, or none, throws. */
async function providerReply(response: Response): Promise<CypherReply> {
  const body = (await response.json().catch(() => undefined)) as (CypherReply & ApiErrorBody) | undefined;
  if (body && (typeof body.peachCode === 'number' || typeof body.statusCode === 'number')) return body;
  throw new ApiError(
    response.status,
    body?.error?.code ?? 'http_error',
    body?.error?.message ?? response.statusText,
  );
}

export async function callCypher(call: CypherCall, brand: string, signal?: AbortSignal): Promise<CypherReply> {
  const response = await fetch(CYPHER_PATH, { ...cypherRequestInit(call, brand), signal });
  return providerReply(response);
}

/**
 * A loyalty call with the brand given: what the endpoint files that read the provider's
 * codes themselves (the session, activation, the hand-off) send through; tests give a fake.
 */
export type SendCypher = (call: CypherCall) => Promise<CypherReply>;

export function cypherSender(brand: string): SendCypher {
  return (call) => callCypher(call, brand);
}

/**
 * A call answered with raw text, such as a wallet pass's signed token. A refusal comes as
 * the provider's JSON reply instead (HTTP 501 for a site without wallet passes, 200 for a
 * card that is not the member's), never as the text.
 */
export async function callCypherText(call: CypherCall, brand: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(CYPHER_PATH, { ...cypherRequestInit({ ...call, responseFormat: 'raw' }, brand), signal });
  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  if (response.ok && !isJson) return response.text();
  throw new LoyaltyReplyError(await providerReply(response));
}
