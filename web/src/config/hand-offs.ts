// The hand-offs to the ticketing site (SPEC.md sections 1 and 2), by route segment: the
// gateway answers each at /{segment}/ with a redirect to the ticketing provider
// (site-paths/src/hand_off.rs holds the same table; lib/link-rules.ts sends links to them to
// the server). Which ones a provider offers, and where the site shows them:
// lib/offered-hand-offs.ts.

/** Every hand-off: a new one is added here, and its type follows. */
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
