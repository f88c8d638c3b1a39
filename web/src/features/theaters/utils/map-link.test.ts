import { describe, expect, it } from 'vitest';
import { mapLink } from './map-link';

describe('mapLink', () => {
  it.each([
    [
      { id: '1', name: 'Marquee Riverfront', address: { street: '1 Water St', city: 'Providence', state: 'RI', zipCode: '02903' } },
      'https://www.google.com/maps/search/?api=1&query=Marquee%20Riverfront%2C%201%20Water%20St%2C%20Providence%2C%20RI%2002903',
    ],
    [{ id: '2', address: { city: 'Cranston' } }, 'https://www.google.com/maps/search/?api=1&query=Cranston'],
    [{ id: '3', name: 'Nowhere' }, undefined],
    [{ id: '4', name: 'Only a state', address: { state: 'RI' } }, undefined],
  ])('%j', (theater, expected) => {
    expect(mapLink(theater)).toBe(expected);
  });
});
