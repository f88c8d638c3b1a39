// A published page is rendered on the server, chain-wide, and the browser hydrates that
// markup: its first render must be the server's. What only the browser knows (the
// chosen theater, the colour mode, the session, the consent choice, the address bar)
// is read once hydration is over. React uses a store's server snapshot on the server
// and while hydrating, and its client snapshot otherwise, then renders again.
import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

const subscribe = () => () => undefined;

/** False on the server and while hydrating server markup; true otherwise. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * Whether this part was first rendered on the server (then hydrated): decided when it
 * mounts and kept, so a part hydrated with content does not drop it afterwards.
 */
export function useRenderedOnServer(): boolean {
  const hydrated = useHydrated();
  const [onServer] = useState(!hydrated);
  return onServer;
}

/**
 * The address's query string: none on the server (a published page is the same for
 * every query, but for the showtimes day, read from the location itself) and while
 * hydrating, the real one after.
 */
export function usePageSearch(): string {
  const { search } = useLocation();
  return useHydrated() ? search : '';
}

/** The site's public origin as the gateway gave it to the server render. */
let serverOrigin = 'http://localhost';

export function setServerOrigin(origin: string): void {
  serverOrigin = origin;
}

type PageOrigin = { protocol: string; host: string; origin: string };

function originOf(url: string): PageOrigin {
  const { protocol, host, origin } = new URL(url);
  return { protocol, host, origin };
}

/** The page's origin: the browser's, or on the server the site's public one. */
export function pageLocation(): PageOrigin {
  if (typeof window !== 'undefined') return window.location;
  return originOf(serverOrigin);
}

/**
 * The origin the page's markup was made for: the server's (the site's public origin,
 * which the gateway also writes as the canonical link's) while hydrating, so links
 * render as they did there, and the browser's once hydrated.
 */
export function usePageLocation(): PageOrigin {
  const hydrated = useHydrated();
  if (typeof window === 'undefined' || hydrated) return pageLocation();
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  try {
    return canonical ? originOf(canonical) : window.location;
  } catch {
    return window.location;
  }
}
