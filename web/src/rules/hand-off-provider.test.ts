import { describe, expect, it } from 'vitest';
import type { Theater, TicketingProvider } from '@/types/api';
import { handOffProvider } from './hand-off-provider';

// The demo chain's: the site-wide provider, and the flagship naming its own.
const siteWide: TicketingProvider = { name: 'BOOST_POS', url: 'https://tickets.marqueecinemas.example' };
const harbor: TicketingProvider = { name: 'VISTA', url: 'https://boxoffice.harborimax.example' };
const theaters: Theater[] = [
  { id: '101', code: 'DT01', ticketingProvider: siteWide },
  { id: '103', code: 'HB03', ticketingProvider: harbor },
];

describe('handOffProvider', () => {
  it.each<[string, TicketingProvider | undefined]>([
    ['', siteWide],
    ['perfCode=P1', siteWide],
    ['theaterId=101', siteWide],
    ['theaterId=103', harbor],
    ['theaterCode=HB03&perfCode=P1', harbor],
    // The catalogue finds a theater by its id or its code, under either name; theaterCode wins.
    ['theaterCode=103', harbor],
    ['theaterId=HB03', harbor],
    ['theaterCode=DT01&theaterId=103', siteWide],
    ['theaterCode=&theaterId=103', harbor],
    // A theater the site does not have: the gateway answers 404, no provider.
    ['theaterId=999', undefined],
  ])('%j -> %j', (query, provider) => {
    expect(handOffProvider(new URLSearchParams(query), theaters, siteWide)).toEqual(provider);
  });

  it('has none for a chain hand-off of a site without a provider', () => {
    expect(handOffProvider(new URLSearchParams(), theaters, null)).toBeUndefined();
  });
});
