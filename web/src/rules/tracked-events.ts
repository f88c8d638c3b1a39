// What the site reports of what a visitor does, as state/page-store.ts track() reports it.
// An address is reported as its path and its utm_* parameters alone (trackedPath,
// trackedUrl): the rest of a query may hold a member's secrets (a reset code, a session
// token, an e-mail address), which never leave the site, while the utm_* parameters say
// where a visit came from.
import { utmParameters } from './link-rules';

export type TrackedEvent =
  | { event: 'page_view'; page_path: string; page_title?: string }
  | { event: 'click'; category: 'Navigation'; label: string };

/** `path` followed by the utm_* parameters of `search`, the only part of a query reported. */
export function trackedPath(path: string, search: string): string {
  const utm = new URLSearchParams(utmParameters(search)).toString();
  return utm ? `${path}?${utm}` : path;
}

/** An address as reported: everything before its query, its utm_* parameters, no fragment. */
export function trackedUrl(url: string): string {
  const end = url.search(/[?#]/);
  if (end < 0) return url;
  const query = url[end] === '?' ? url.slice(end).split('#', 1)[0] : '';
  return trackedPath(url.slice(0, end), query ?? '');
}

/** docs/pages-and-links.md#navigation: a page view on every route change. */
export function pageView(pathname: string, search: string): TrackedEvent {
  return { event: 'page_view', page_path: trackedPath(pathname, search) };
}

/** docs/pages-and-links.md#link-rules: an outbound click is event 'click', category 'Navigation', label 'out: {url}'. */
export function outboundClick(url: string): TrackedEvent {
  return { event: 'click', category: 'Navigation', label: `out: ${trackedUrl(url)}` };
}
