// The offer of alerts beside the watchlist button (docs/loyalty.md#alerts): once a film is
// added while the member has never chosen their alerts, unless they put it off ("Not now")
// earlier in this browser session. Its preferences are read only then, so a movie page
// makes no alerts call for it.

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { alertPreferencesQueryOptions } from '../api/get-alert-preferences';
import { useLoyaltyApi } from '../api/loyalty-api';
import { offersAlerts, shouldOfferAlerts } from '../utils/alert-preferences';

const PUT_OFF_KEY = 'alertsOfferPutOff';
/** Put off on a browser whose session storage refuses: while the page stays open. */
let putOffHere = false;

function isPutOff(): boolean {
  if (putOffHere) return true;
  try {
    return window.sessionStorage.getItem(PUT_OFF_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberPutOff(): void {
  try {
    window.sessionStorage.setItem(PUT_OFF_KEY, '1');
  } catch {
    putOffHere = true;
  }
}

export function useAlertsOffer() {
  const api = useLoyaltyApi();
  const queryClient = useQueryClient();
  const [shown, setShown] = useState(false);
  const offered = offersAlerts(api.member, api.config.includeWatchlist);
  /** After a film was added: shows the offer when it applies. */
  const consider = useCallback(async () => {
    if (!offered || isPutOff()) return;
    try {
      const { preferences } = await queryClient.query(alertPreferencesQueryOptions(api));
      if (shouldOfferAlerts(preferences, isPutOff())) setShown(true);
    } catch (failure) {
      // No offer: the film is on the watchlist, which is what the member asked for.
      console.warn('alert preferences not read', failure);
    }
  }, [offered, queryClient, api]);
  const putOff = useCallback(() => {
    rememberPutOff();
    setShown(false);
  }, []);
  const close = useCallback(() => setShown(false), []);
  return { shown, consider, putOff, close };
}
