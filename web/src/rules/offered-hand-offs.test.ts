import { describe, expect, it } from 'vitest';
import { HAND_OFF_SEGMENTS } from '@/config/hand-offs';
import { HAND_OFF_PLACES, offeredHandOffs } from './offered-hand-offs';

describe('HAND_OFF_PLACES', () => {
  // startticketing is reached from a showtime's booking link, not from a place's links.
  it.each(HAND_OFF_SEGMENTS.filter((segment) => segment !== 'startticketing'))('offers %s somewhere', (segment) => {
    const places = Object.values(HAND_OFF_PLACES).filter((segments) => (segments as readonly string[]).includes(segment));
    expect(places.length).toBeGreaterThan(0);
  });

  it("offers vouchers on the member area's e-vouchers screen as well as in the footer", () => {
    expect([HAND_OFF_PLACES.footer, HAND_OFF_PLACES.eVouchers]).toEqual([
      expect.arrayContaining(['vouchers']),
      ['vouchers'],
    ]);
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
