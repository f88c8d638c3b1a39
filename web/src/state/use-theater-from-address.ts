import { startTransition, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useAppData } from '@/api/get-app-data';
import { theaterIdFromQuery } from '@/rules/current-theater';
import { useSelectedTheater } from './selected-theater';

/**
 * Selects the theater the address names (`?theaterId=ID`, one of the site's), as the
 * theater picker would: an alert's link opens a movie on the member's theater. The
 * published page is the same for every address, so the query is read in an effect, once
 * hydrated, and nothing the page renders depends on it: a render for it would update the
 * parts still waiting to hydrate, which React then renders anew. Each theater it names is
 * selected once; the visitor's own choice after it stands.
 */
export function useTheaterFromAddress(): void {
  const { search } = useLocation();
  const { data } = useAppData();
  const { selectedTheaterId, selectTheater } = useSelectedTheater();
  const applied = useRef<string>(undefined);
  useEffect(() => {
    const named = theaterIdFromQuery(search, data?.theaters ?? []);
    if (!named || applied.current === named) return;
    applied.current = named;
    if (named !== selectedTheaterId) startTransition(() => selectTheater(named));
  }, [search, data, selectedTheaterId, selectTheater]);
}
