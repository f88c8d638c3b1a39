// A member's sign-in, announced on the window for the analytics layer's member-login
// tracker (SPEC.md section 4 "Consent"), which decides whether it may be reported.

export const MEMBER_LOGIN_EVENT = 'loyalty:member-login';

export function announceMemberLogin(memberId: string, now = new Date(), target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent(MEMBER_LOGIN_EVENT, { detail: { memberId, loginDateTime: now.toISOString() } }));
}
