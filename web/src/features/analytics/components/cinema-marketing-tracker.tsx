import { useEffect } from 'react';
import {
  hashMemberId,
  MEMBER_LOGIN_EVENT,
  memberLoginEvent,
  memberLoginTracked,
  type MemberLogin,
} from '../utils/member-login';

/** Hands member logins to the cinema-marketing tracker when the rule allows it. */
export function MemberLoginTracker({ purposeDenied }: { purposeDenied: boolean }) {
  useEffect(() => {
    const customerId = import.meta.env.VITE_CINEMA_MARKETING_CUSTOMER_ID as string | undefined;
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
  }, [purposeDenied]);
  return null;
}
