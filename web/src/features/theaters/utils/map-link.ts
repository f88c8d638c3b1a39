import type { Theater } from '@/types/api';

// A maps search for the theater's address: opens the maps app on phones, the web map
// elsewhere, without a key or an embedded map.
const MAPS_SEARCH = 'https://www.google.com/maps/search/?api=1';

/** The maps link of a theater, or undefined when it has no address to look up. */
export function mapLink(theater: Theater): string | undefined {
  const address = theater.address;
  const parts = [address?.street, address?.city, [address?.state, address?.zipCode].filter(Boolean).join(' '), address?.country];
  const place = parts.filter(Boolean).join(', ');
  if (!address?.street && !address?.city) return undefined;
  const query = [theater.name, place].filter(Boolean).join(', ');
  return `${MAPS_SEARCH}&query=${encodeURIComponent(query)}`;
}
