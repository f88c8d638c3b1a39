// Which hand-offs a ticketing provider offers, and where the site shows each
// (docs/pages-and-links.md#hand-offs-to-ticketing): tickets always, the rest when the
// provider's `handOffs` setting names them.
import type { HandOffSegment } from '@/config/hand-offs';
import type { TicketingProvider } from '@/types/api';

const TICKETS: readonly HandOffSegment[] = ['startticketing', 'launch/ticketing'];

/**
 * Where the site offers each hand-off a moviegoer looks for (site/README.md "Hand-offs"):
 * a theater's page leads to its ticketing home and its food and drinks menu beside the
 * services. `startticketing` has no place of its own: a showtime's booking link is the way to
 * it (rules/link-rules.ts, in the tapos_embedded context).
 */
export const HAND_OFF_PLACES = {
  theater: ['launch/ticketing', 'startconcessions', 'concessions/landing', 'payreservation', 'refund'],
  footer: ['giftcards', 'physicalgiftcards', 'giftmembership', 'vouchers', 'startseasonpass'],
  memberArea: ['loyaltycredit', 'loyalty/upgrade'],
  // Beside the footer's link: where the member reads what e-vouchers are on sale.
  eVouchers: ['vouchers'],
  signIn: ['signup'],
} as const satisfies Record<string, readonly HandOffSegment[]>;

/** Those of `segments` the provider offers, in the order given. */
export function offeredHandOffs<Segment extends HandOffSegment>(
  provider: TicketingProvider | null | undefined,
  segments: readonly Segment[],
): Segment[] {
  const offered = new Set<string>(provider?.handOffs ?? []);
  return segments.filter((segment) => TICKETS.includes(segment) || offered.has(segment));
}
