// The one place the site reports what a visitor does. Events go to
// `window.dataLayer`; the analytics layer, loaded only with consent, reads them from
// there, so nothing here depends on whether analytics is set up.
//
// An address is reported as its path and its utm_* parameters alone (trackedPath,
// trackedUrl): the rest of a query may hold a member's secrets (a reset code, a session
// token, an e-mail address), which never leave the site, while the utm_* parameters say
// where a visit came from.
import { utmParameters } from './link-rules';

export type TrackedEvent =
  | { event: 'page_view'; page_path: string; page_title?: string }
  | { event: 'click'; category: 'Navigation'; label: string };

type DataLayerWindow = { dataLayer?: unknown[] };

const listeners = new Set<(event: TrackedEvent) => void>();

/** Hears every tracked event from now on (the analytics layer, once trackers are enabled). */
export function onTrack(listener: (event: TrackedEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function track(event: TrackedEvent, target: DataLayerWindow = window as DataLayerWindow): void {
  target.dataLayer ??= [];
  target.dataLayer.push(event);
  for (const listener of listeners) listener(event);
}

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

/** SPEC.md section 2: a page view on every route change. */
export function pageView(pathname: string, search: string): TrackedEvent {
  return { event: 'page_view', page_path: trackedPath(pathname, search) };
}

/** SPEC.md section 2: an outbound click is event 'click', category 'Navigation', label 'out: {url}'. */
export function outboundClick(url: string): TrackedEvent {
  return { event: 'click', category: 'Navigation', label: `out: ${trackedUrl(url)}` };
}
