import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the window matches the CSS media `query` now, following it as the window is
 * resized or turned (a phone's rotation). Where the browser cannot tell, it does.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
