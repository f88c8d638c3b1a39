// The hand-offs to the ticketing site (SPEC.md sections 1 and 2), by route segment: the
// gateway answers each at /{segment}/ with a redirect to the ticketing provider
// (proto/src/hand_off.rs holds the same table). A provider offers tickets always and
// the rest when its `handOffs` setting names them.
import type { TicketingProvider } from '@/types/api';

export const HAND_OFF_SEGMENTS = [
  'startticketing',
  'launch/ticketing',
  'startconcessions',
  'concessions/landing',
  'payreservation',
  'refund',
  'giftcards',
  'physicalgiftcards',
  'giftmembership',
  'vouchers',
  'startseasonpass',
  'loyaltycredit',
  'signup',
  'loyalty/upgrade',
] as const;

export type HandOffSegment = (typeof HAND_OFF_SEGMENTS)[number];

const TICKETS: readonly HandOffSegment[] = ['startticketing', 'launch/ticketing'];

/** Where the site offers each hand-off a moviegoer looks for (site/README.md "Hand-offs"). */
export const HAND_OFF_PLACES = {
  theater: ['startconcessions', 'payreservation', 'refund'],
  footer: ['giftcards', 'physicalgiftcards', 'giftmembership', 'vouchers', 'startseasonpass'],
  memberArea: ['loyaltycredit', 'loyalty/upgrade'],
  signIn: ['signup'],
} as const satisfies Record<string, readonly HandOffSegment[]>;

/** Those of `segments` the provider offers, in the order given. */
export function offeredHandOffs<Segment extends HandOffSegment>(
  provider: TicketingProvider | undefined,
  segments: readonly Segment[],
): Segment[] {
  const offered = new Set<string>(provider?.handOffs ?? []);
  return segments.filter((segment) => TICKETS.includes(segment) || offered.has(segment));
}
