import {
  createContext,
  useCallback,
  useContext,
  useDeferredValue,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { getCookie, setCookie } from './cookies';
import { useHydrated } from './hydration';

// SPEC.md sections 3 and 9: the visitor's theater choice, cookie selectedTheaterId,
// 30 days, path '/'.
export const SELECTED_THEATER_COOKIE = 'selectedTheaterId';
export const SELECTED_THEATER_DAYS = 30;

type SelectedTheaterContextValue = {
  /** The theater the page shows: it follows the choice once what it needs is ready. */
  selectedTheaterId: string | undefined;
  /**
   * The visitor's choice at once, for the header's picker: a control shows its value at
   * once, while what the page lays out for the choice follows selectedTheaterId.
   */
  chosenTheaterId: string | undefined;
  selectTheater: (theaterId: string) => void;
};

const SelectedTheaterContext = createContext<SelectedTheaterContextValue | null>(null);

/** The theater the visitor chose, from the cookie; undefined without a choice. */
export function storedTheaterId(): string | undefined {
  return getCookie(SELECTED_THEATER_COOKIE) || undefined;
}

export function SelectedTheaterProvider({ children }: { children: ReactNode }) {
  // The server renders the chain-wide page: the stored choice applies once hydrated (a
  // page rendered in the browser alone reads it at once), until the visitor picks one.
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<string>();
  const chosenTheaterId = picked ?? (hydrated ? storedTheaterId() : undefined);
  // The header's picker shows the choice at once. What the page shows for it (the
  // theater's movies, its ads, the home page's chooser) may need data or code not
  // loaded yet: the page follows the choice as a deferred value, staying as it is until
  // that is ready and then changing at once, instead of showing a part's fallback or
  // moving twice.
  const selectedTheaterId = useDeferredValue(chosenTheaterId);

  const selectTheater = useCallback((theaterId: string) => {
    setCookie(SELECTED_THEATER_COOKIE, theaterId, { days: SELECTED_THEATER_DAYS, path: '/' });
    setPicked(theaterId);
  }, []);

  const value = useMemo(
    () => ({ selectedTheaterId, chosenTheaterId, selectTheater }),
    [selectedTheaterId, chosenTheaterId, selectTheater],
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
