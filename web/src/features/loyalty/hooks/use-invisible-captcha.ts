// The invisible captcha (reCAPTCHA v3 style) when the site has a key: its script loads
// with the form, and each login or gift-card attempt asks it for a fresh token.

import { useCallback, useEffect } from 'react';
import { loadScript } from '@/lib/load-script';
import { captchaSiteKey } from '../utils/captcha-key';
import { useLoyaltySession } from './loyalty-session';

type Grecaptcha = {
  ready: (callback: () => void) => void;
  execute: (siteKey: string, options: { action: string }) => Promise<string>;
};

const scriptUrl = (key: string) => `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(key)}`;

/** A function answering a captcha token for `action`, or undefined without a captcha. */
export function useInvisibleCaptcha(action: string): () => Promise<string | undefined> {
  const { config } = useLoyaltySession();
  // Only ever used in the browser (the server renders no captcha), never rendered.
  const key =
    typeof window === 'undefined'
      ? undefined
      : captchaSiteKey(config.captchaSiteKey ?? undefined, (window as { captchaSiteKey?: unknown }).captchaSiteKey, {
          hasOpener: Boolean(window.opener),
          inFrame: window.parent !== window,
        });
  useEffect(() => {
    if (key) void loadScript(scriptUrl(key)).catch(() => undefined);
  }, [key]);
  return useCallback(async () => {
    if (!key) return undefined;
    try {
      await loadScript(scriptUrl(key));
      const grecaptcha = (window as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (!grecaptcha) return undefined;
      await new Promise<void>((resolve) => grecaptcha.ready(resolve));
      return await grecaptcha.execute(key, { action });
    } catch {
      // Without a token the provider refuses the call with its captcha code (7), shown to the member.
      return undefined;
    }
  }, [key, action]);
}
