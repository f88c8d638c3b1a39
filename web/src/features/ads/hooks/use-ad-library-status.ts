import { useSyncExternalStore } from 'react';

// Whether the page's ad library (or custom library, or ad-server tag) failed to load:
// blocked by the visitor's browser or unreachable. No ad can fill a slot then, so the
// in-page slots give back the space they reserve. The failure is remembered for the
// browser session: the next page then reserves no space only to give it back, a shift
// on every page, until an attempt to load the library succeeds.
// index.html's inline script reads it too, before the first paint.
export const AD_LIBRARY_FAILED_KEY = 'adLibraryFailed';

function storedFailure(): boolean {
  try {
    return window.sessionStorage.getItem(AD_LIBRARY_FAILED_KEY) === 'true';
  } catch {
    return false;
  }
}

let failed = typeof window !== 'undefined' && storedFailure();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Records how the latest attempt to load the ad library ended. */
export function reportAdLibraryLoad(loaded: boolean) {
  try {
    if (loaded) window.sessionStorage.removeItem(AD_LIBRARY_FAILED_KEY);
    else window.sessionStorage.setItem(AD_LIBRARY_FAILED_KEY, 'true');
  } catch {
    // Storage refused (private mode, quota): the failure is known to this page only.
  }
  if (failed === !loaded) return;
  failed = !loaded;
  for (const listener of listeners) listener();
}

/** True once the ad library has failed to load (until a later attempt succeeds). */
export function useAdLibraryFailed(): boolean {
  return useSyncExternalStore(subscribe, () => failed, () => false);
}
