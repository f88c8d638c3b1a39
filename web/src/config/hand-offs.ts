// The hand-offs to the ticketing site (docs/pages-and-links.md#hand-offs-to-ticketing), by
// route segment: the gateway answers each at /{segment}/ with a redirect to the ticketing
// provider (site-paths/src/hand_off.rs holds the same table; both are tested on
// fixtures/hand-offs.json). rules/link-rules.ts sends links to them to the server; which
// ones a provider offers, and where the site shows them: rules/offered-hand-offs.ts.

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
