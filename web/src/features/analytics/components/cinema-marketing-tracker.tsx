import { useEffect } from 'react';
import { loadScript } from '@/lib/load-script';
import { takeMemberLogins } from '@/state/page-store';
import {
  hashMemberId,
  memberLoginEvent,
  memberLoginTracked,
  trackerScriptUrl,
  type CinemaMarketing,
} from '../utils/cinema-marketing';

type CinemaMarketingTrackerProps = {
  /** App data `analytics.cinemaMarketing`: null or absent while the integration is off. */
  marketing: CinemaMarketing | null | undefined;
  trackersEnabled: boolean;
  purposeDenied: boolean;
};

/**
 * The cinema-marketing web tracker, loaded once trackers are enabled, and the member
 * logins handed to it when no consent purpose was refused.
 */
export function CinemaMarketingTracker({ marketing, trackersEnabled, purposeDenied }: CinemaMarketingTrackerProps) {
  const customerId = marketing?.customerId;
  const script = marketing && trackersEnabled ? trackerScriptUrl(marketing) : undefined;

  useEffect(() => {
    if (!script) return;
    loadScript(script).catch((error: unknown) => console.warn('cinema-marketing tracker failed to load', error));
  }, [script]);

  useEffect(() => {
    if (!customerId) return;
    const tracked = memberLoginTracked({ customerId, purposeDenied });
    // Listening even while a purpose is refused: a sign-in made then is heard and dropped,
    // never kept to be reported once the visitor changes their mind.
    return takeMemberLogins(({ memberId, loginDateTime }) => {
      if (!tracked) return;
      void hashMemberId(memberId).then((hashed) => {
        const page = window as Window & { dataLayer?: unknown[] };
        page.dataLayer = page.dataLayer ?? [];
        page.dataLayer.push(memberLoginEvent(customerId, hashed, loginDateTime));
      });
    });
  }, [customerId, purposeDenied]);
  return null;
}
