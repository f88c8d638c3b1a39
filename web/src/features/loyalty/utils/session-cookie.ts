// The loyalty session of docs/loyalty.md#sessions, kept as JSON in one cookie at path '/'.

import { parseJsonObject } from '@/lib/json-object';
import type { LoyaltySession } from '../types';


export function serializeSession(session: LoyaltySession): string {
  return JSON.stringify(session);
}

const optionalText = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The stored session, or undefined when the cookie is missing or not a session. */
export function parseSession(text: string | undefined): LoyaltySession | undefined {
  const record = parseJsonObject(text);
  if (!record) return undefined;
  const token = optionalText(record.token);
  const cypherVersion = record.cypherVersion;
  if (!token || (cypherVersion !== 1 && cypherVersion !== 3)) return undefined;
  const session: LoyaltySession = { token, cypherVersion };
  for (const field of ['refreshToken', 'userSessionId', 'memberId', 'encryptedSessionId'] as const) {
    const text = optionalText(record[field]);
    if (text) session[field] = text;
  }
  return session;
}
