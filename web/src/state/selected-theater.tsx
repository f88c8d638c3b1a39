import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { getCookie, setCookie } from '@/lib/cookies';
import { useHydrated } from '@/lib/hydration';

// docs/pages-and-links.md#current-theater: the visitor's theater choice, cookie selectedTheaterId,
// 30 days, path '/'.
export const SELECTED_THEATER_COOKIE = 'selectedTheaterId';
export const SELECTED_THEATER_DAYS = 30;

type SelectedTheaterContextValue = {
  selectedTheaterId: string | undefined;
  selectTheater: (theaterId: string) => void;
};

const SelectedTheaterContext = createContext<SelectedTheaterContextValue | null>(null);

/** The theater the visitor chose, from the cookie; undefined without a choice. */
export function storedTheaterId(): string | undefined {
  return getCookie(SELECTED_THEATER_COOKIE) || undefined;
}

export function SelectedTheaterProvider({ children }: { children: ReactNode }) {
  // The server renders the chain-wide page: the stored choice applies once hydrated, and
  // what it fetches (the theater's movies, its ads) replaces the chain-wide parts when it
  // arrives. A page rendered in the browser alone reads it at once.
  const hydrated = useHydrated();
  const [chosenTheaterId, setChosenTheaterId] = useState<string>();
  const selectedTheaterId = chosenTheaterId ?? (hydrated ? storedTheaterId() : undefined);

  const selectTheater = useCallback((theaterId: string) => {
    setCookie(SELECTED_THEATER_COOKIE, theaterId, { days: SELECTED_THEATER_DAYS, path: '/' });
    setChosenTheaterId(theaterId);
  }, []);

  const value = useMemo(
    () => ({ selectedTheaterId, selectTheater }),
    [selectedTheaterId, selectTheater],
  );
  return (
    <SelectedTheaterContext.Provider value={value}>{children}</SelectedTheaterContext.Provider>
  );
}

export function useSelectedTheater(): SelectedTheaterContextValue {
  const value = useContext(SelectedTheaterContext);
  if (!value) throw new Error('useSelectedTheater: no SelectedTheaterProvider');
  return value;
}
