import { describe, expect, it } from 'vitest';
import type { HandOffSegment } from '@/config/hand-offs';
import { HAND_OFF_PLACES, offeredHandOffs } from './offered-hand-offs';

// Every segment, as the type demands: a new hand-off fails to compile here until listed.
const SEGMENTS: Record<HandOffSegment, true> = {
  startticketing: true,
  'launch/ticketing': true,
  startconcessions: true,
  'concessions/landing': true,
  payreservation: true,
  refund: true,
  giftcards: true,
  physicalgiftcards: true,
  giftmembership: true,
  vouchers: true,
  startseasonpass: true,
  loyaltycredit: true,
  signup: true,
  'loyalty/upgrade': true,
};

describe('HAND_OFF_PLACES', () => {
  // startticketing is reached from a showtime's booking link, not from a place's links.
  it.each(Object.keys(SEGMENTS).filter((segment) => segment !== 'startticketing'))('offers %s somewhere', (segment) => {
    const places = Object.values(HAND_OFF_PLACES).filter((segments) => (segments as readonly string[]).includes(segment));
    expect(places).toHaveLength(1);
  });

  it("offers a theater's ticketing home and food and drinks menu on its page", () => {
    expect(HAND_OFF_PLACES.theater).toEqual(expect.arrayContaining(['launch/ticketing', 'concessions/landing']));
  });
});

describe('offeredHandOffs', () => {
  const theaterPlace = HAND_OFF_PLACES.theater;

  it.each([
    [['startconcessions', 'concessions/landing', 'refund'], ['launch/ticketing', 'startconcessions', 'concessions/landing', 'refund']],
    [['startconcessions', 'refund'], ['launch/ticketing', 'startconcessions', 'refund']],
    [[], ['launch/ticketing']],
  ])('a provider offering %j shows %j on a theater page', (handOffs, shown) => {
    expect(offeredHandOffs({ url: 'https://tickets.example', handOffs }, theaterPlace)).toEqual(shown);
  });

  it('shows tickets without a provider, and nothing else', () => {
    expect(offeredHandOffs(undefined, theaterPlace)).toEqual(['launch/ticketing']);
    expect(offeredHandOffs(undefined, HAND_OFF_PLACES.footer)).toEqual([]);
  });
});
