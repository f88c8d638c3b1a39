// docs/loyalty.md#captcha: login and gift-card calls carry a captcha token.
// The site key is the site's (CAPTCHA_SITE_KEY), unless a page script replaced it at
// runtime (window.captchaSiteKey), which a page opened by another window or shown in a
// frame may not do: its opener or parent could otherwise choose the key.

export type WindowPlace = { hasOpener: boolean; inFrame: boolean };

export function captchaSiteKey(configured: string | undefined, runtime: unknown, place: WindowPlace): string | undefined {
  const replaced = typeof runtime === 'string' && runtime.trim() ? runtime.trim() : undefined;
  if (replaced && !place.hasOpener && !place.inFrame) return replaced;
  return configured || undefined;
}
