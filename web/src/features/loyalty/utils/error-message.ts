// docs/loyalty.md#error-messages: the provider's own message when
// displayOriginalCypherMessages is on, else the catalogue's "{code}_{provider}", then
// "{code}", then the caller's fallback; " (Code: N)" is appended unless the text has it.

import type { CypherReply } from '../types';

export type ErrorMessageOptions = {
  /** The locale text of a message key, or undefined when the catalogue has none. */
  lookup: (key: string) => string | undefined;
  provider: string;
  displayOriginalCypherMessages: boolean;
  /** The caller's text when the catalogue knows neither key. */
  fallback: string;
};

/** Locale message keys of the loyalty error catalogue. */
export const errorMessageKey = (code: number | string) => `loyalty.error.${code}`;

/** The code a reply failed with: peachCode, else a version 1 statusCode. */
export function replyCode(reply: CypherReply): number | undefined {
  if (typeof reply.peachCode === 'number' && reply.peachCode !== 0) return reply.peachCode;
  if (typeof reply.statusCode === 'number' && reply.statusCode !== 0 && reply.statusCode !== 200) return reply.statusCode;
  return undefined;
}

export function loyaltyErrorMessage(reply: CypherReply, options: ErrorMessageOptions): string {
  const code = replyCode(reply);
  const original = options.displayOriginalCypherMessages ? reply.clientErrorMessage : undefined;
  const text =
    original ||
    (code === undefined
      ? undefined
      : (options.lookup(errorMessageKey(`${code}_${options.provider}`)) ?? options.lookup(errorMessageKey(code)))) ||
    options.fallback;
  const suffix = code === undefined ? '' : ` (Code: ${code})`;
  // The built-in provider's own message already ends with its code.
  return text.endsWith(suffix) ? text : `${text}${suffix}`;
}

/** A lookup over `t`, which answers a missing key with the key itself. */
export function lookupWith(t: (key: string) => string): (key: string) => string | undefined {
  return (key) => {
    const text = t(key);
    return text === key ? undefined : text;
  };
}
