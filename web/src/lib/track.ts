// The one place the site reports what a visitor does. Events go to
// `window.dataLayer`; the analytics layer, loaded only with consent, reads them from
// there, so nothing here depends on whether analytics is set up.
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

/** SPEC.md section 2: an outbound click is event 'click', category 'Navigation', label 'out: {url}'. */
export function outboundClick(url: string): TrackedEvent {
  return { event: 'click', category: 'Navigation', label: `out: ${url}` };
}
