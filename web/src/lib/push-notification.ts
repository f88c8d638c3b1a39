// The rules of the service worker's alerts (src/sw.ts, docs/loyalty.md#alerts): what a push
// message shows, and which page its notification opens. Pure, so they are tested without a
// worker, and free of DOM and worker types, which the two builds do not share.

/** The notification of one alert, as svc-loyalty sends it: `url` a path on the site. */
export type PushAlert = { title: string; body: string; url: string; tag?: string };

/** The icon every alert shows: the site's own (public/favicon.svg). */
export const ALERT_ICON = '/favicon.svg';

const ANY_ORIGIN = 'https://site.invalid';

/**
 * The page a notification opens: a path on the site, as given when it is one (a single '/'
 * then no '/' or '\', no control characters, which the URL parser drops or reads as a
 * host), else the home page. An absolute address, or one relative to the page, opens '/'.
 */
export function alertTarget(url: unknown): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (typeof url !== 'string' || !/^\/(?![/\\])/.test(url) || /[\u0000-\u001f\u007f\\]/.test(url)) return '/';
  const resolved = new URL(url, ANY_ORIGIN);
  if (resolved.origin !== ANY_ORIGIN) return '/';
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/** The alert of a push message's text (JSON); none when it is not one (no title). */
export function parsePushAlert(text: string | undefined): PushAlert | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null) return undefined;
  const { title, body, url, tag } = data as Record<string, unknown>;
  if (typeof title !== 'string' || title === '') return undefined;
  return {
    title,
    body: typeof body === 'string' ? body : '',
    url: alertTarget(url),
    ...(typeof tag === 'string' && tag !== '' ? { tag } : {}),
  };
}

/** Whether an open window of the site (its address) shows `target`, a path from alertTarget. */
export function showsTarget(windowUrl: string, target: string, origin: string): boolean {
  const open = new URL(windowUrl);
  const wanted = new URL(target, origin);
  return open.origin === wanted.origin && open.pathname === wanted.pathname && open.search === wanted.search;
}
