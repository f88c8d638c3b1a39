import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
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
  // The server renders the chain-wide page: the stored choice applies once hydrated, as a
  // transition, so what it fetches (the theater's movies, its ads) keeps the page as it
  // is until it is ready instead of showing a part's fallback and moving the page. A page
  // rendered in the browser alone reads it at once.
  const hydrated = useHydrated();
  const [selectedTheaterId, setSelectedTheaterId] = useState(() =>
    hydrated ? storedTheaterId() : undefined,
  );
  useEffect(() => {
    startTransition(() => setSelectedTheaterId((id) => id ?? storedTheaterId()));
  }, []);

  const selectTheater = useCallback((theaterId: string) => {
    setCookie(SELECTED_THEATER_COOKIE, theaterId, { days: SELECTED_THEATER_DAYS, path: '/' });
    setSelectedTheaterId(theaterId);
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
