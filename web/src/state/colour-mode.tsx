import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useHydrated } from '@/lib/hydration';

// docs/pages-and-links.md#colour-mode: light (the default) or dark.
export type ColourMode = 'light' | 'dark';

export const COLOUR_MODE_STORAGE_KEY = 'colorMode';

export function parseColourMode(stored: string | null | undefined): ColourMode {
  return stored === 'dark' ? 'dark' : 'light';
}

function readStoredMode(): ColourMode {
  try {
    return parseColourMode(window.localStorage.getItem(COLOUR_MODE_STORAGE_KEY));
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames): fall back to light.
    return 'light';
  }
}

type ColourModeContextValue = {
  mode: ColourMode;
  setMode: (mode: ColourMode) => void;
  toggle: () => void;
};

const ColourModeContext = createContext<ColourModeContextValue | null>(null);

export function ColourModeProvider({ children }: { children: ReactNode }) {
  // Light on the server; the stored mode once hydrated (index.html's inline script has
  // already applied it to the document before the first paint).
  const hydrated = useHydrated();
  const [chosen, setModeState] = useState<ColourMode | undefined>();
  const mode = chosen ?? (hydrated ? readStoredMode() : 'light');

  useEffect(() => {
    // Hydrating, the document already has the stored mode, which the render does not
    // know yet: writing 'light' would flash the page light.
    if (!hydrated) return;
    document.documentElement.dataset.colorMode = mode;
    document.documentElement.style.colorScheme = mode;
  }, [mode, hydrated]);

  const setMode = useCallback((next: ColourMode) => {
    setModeState(next);
    try {
      window.localStorage.setItem(COLOUR_MODE_STORAGE_KEY, next);
    } catch {
      // The choice then lasts for this page view only.
    }
  }, []);

  const value = useMemo(
    () => ({ mode, setMode, toggle: () => setMode(mode === 'light' ? 'dark' : 'light') }),
    [mode, setMode],
  );
  return <ColourModeContext.Provider value={value}>{children}</ColourModeContext.Provider>;
}

export function useColourMode(): ColourModeContextValue {
  const value = useContext(ColourModeContext);
  if (!value) throw new Error('useColourMode: no ColourModeProvider');
  return value;
}
