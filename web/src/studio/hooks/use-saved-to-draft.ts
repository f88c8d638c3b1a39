import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * What a new record's screen (a page's, an event's) hands the record's own once it is
 * saved: the outcome, said there once (taken off the history entry as it is read, so a
 * reload or Back says nothing).
 */
export type SavedToDraftState = { saved?: boolean };

/** Where a save of the record stands (its mutation's). */
type SaveStatus = { isSuccess: boolean; isError: boolean; isPending: boolean };

/**
 * Whether the record's screen says "Saved to the draft": once `save` succeeded, and on the
 * screen a new record's save opened (SavedToDraftState) until it is saved again. Said
 * once: the history entry forgets it as it is shown.
 */
export function useSavedToDraft(save: SaveStatus): boolean {
  const navigate = useNavigate();
  const location = useLocation();
  const [justMade] = useState(() => (location.state as SavedToDraftState | null)?.saved === true);
  useEffect(() => {
    if ((location.state as SavedToDraftState | null)?.saved) void navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [location, navigate]);
  return save.isSuccess || (justMade && !save.isError && !save.isPending);
}
