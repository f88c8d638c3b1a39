// The text of a failed loyalty call (docs/loyalty.md#error-messages): for a provider refusal (a
// LoyaltyReplyError, or a reply itself) the provider's own message when the site's
// displayOriginalCypherMessages is on, else the catalogue's, with its code; the caller's
// fallback for anything else.

import { useCallback } from 'react';
import { useTranslate } from '@/state/i18n';
import { LoyaltyReplyError } from '../api/call-cypher';
import type { CypherReply } from '../types';
import { loyaltyErrorMessage, lookupWith } from '../utils/error-message';
import { useLoyaltySession } from './loyalty-session';

export function useErrorText() {
  const t = useTranslate();
  const { config } = useLoyaltySession();
  return useCallback(
    (failure: unknown, fallbackKey = 'loyalty.error.generic') => {
      const reply: CypherReply =
        failure instanceof LoyaltyReplyError
          ? failure.reply
          : typeof failure === 'object' && failure !== null && typeof (failure as CypherReply).peachCode === 'number'
            ? (failure as CypherReply)
            : {};
      return loyaltyErrorMessage(reply, {
        lookup: lookupWith(t),
        provider: config.provider ?? 'NONE',
        displayOriginalCypherMessages: config.displayOriginalCypherMessages ?? false,
        fallback: t(fallbackKey),
      });
    },
    [t, config.provider, config.displayOriginalCypherMessages],
  );
}
