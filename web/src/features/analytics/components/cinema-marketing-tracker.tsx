import { useEffect } from 'react';
import { loadScript } from '@/lib/load-script';
import {
  hashMemberId,
  MEMBER_LOGIN_EVENT,
  memberLoginEvent,
  memberLoginTracked,
  trackerScriptUrl,
  type CinemaMarketing,
  type MemberLogin,
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
    if (!customerId || !memberLoginTracked({ customerId, purposeDenied })) return;
    const onLogin = (event: Event) => {
      const { memberId, loginDateTime } = (event as CustomEvent<MemberLogin>).detail;
      void hashMemberId(memberId).then((hashed) => {
        const page = window as Window & { dataLayer?: unknown[] };
        page.dataLayer = page.dataLayer ?? [];
        page.dataLayer.push(memberLoginEvent(customerId, hashed, loginDateTime));
      });
    };
    window.addEventListener(MEMBER_LOGIN_EVENT, onLogin);
    return () => window.removeEventListener(MEMBER_LOGIN_EVENT, onLogin);
  }, [customerId, purposeDenied]);
  return null;
}
