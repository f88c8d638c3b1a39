// The cinema-marketing integration (docs/consent-and-ads.md#member-login-tracker):
// off unless the gateway names a customer id and the tracker's script
// (CINEMA_MARKETING_*, in the app data). Its web tracker, keyed by the customer id, loads
// like every tracker once trackers are enabled. The member-login tracker does not wait for
// that: when a loyalty member logs in, the tracker receives the hashed memberId and a
// TrackMemberLogin event with the login time, unless a consent purpose was refused.

/** App data `analytics.cinemaMarketing`. */
export type CinemaMarketing = { customerId: string; scriptUrl: string };

/** The web tracker's script for the chain: its URL with the customer id as `customerId`. */
export function trackerScriptUrl(marketing: CinemaMarketing): string {
  const url = new URL(marketing.scriptUrl);
  url.searchParams.set('customerId', marketing.customerId);
  return url.toString();
}

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
