// The member-login tracker (SPEC.md section 4 "Consent"): when a loyalty member logs
// in, the cinema-marketing tracker receives the hashed memberId and a TrackMemberLogin
// event with the login time, only when the integration is on and no consent purpose
// was refused. It does not wait for trackers to be enabled.

/** Dispatched on window by the loyalty area with `{ memberId, loginDateTime }`. */
export const MEMBER_LOGIN_EVENT = 'loyalty:member-login';

export type MemberLogin = { memberId: string; loginDateTime: string };

export function memberLoginTracked(input: { customerId: string | undefined; purposeDenied: boolean }): boolean {
  return Boolean(input.customerId?.trim()) && !input.purposeDenied;
}

/** SHA-256 of the member id, lower-case hex: the tracker never sees the id itself. */
export async function hashMemberId(memberId: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(memberId));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What the cinema-marketing tracker receives through the data layer. */
export function memberLoginEvent(customerId: string, hashedMemberId: string, loginDateTime: string) {
  return { event: 'TrackMemberLogin', customerId, hashedMemberId, loginDateTime };
}
