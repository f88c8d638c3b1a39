// Which booking site a hand-off of this site leads to (docs/pages-and-links.md#hand-offs-to-ticketing):
// the gateway answers /{segment}/?theaterCode=…|theaterId=… with a redirect to the provider
// of the theater it names, and a chain's hand-off without a theater to the site-wide
// provider. The catalogue finds the theater by its id or its code (theaterCode wins when both
// are given, svc-catalogue `Catalogue::ticketing`); a theater it does not find is answered 404.
import type { Theater, TicketingProvider } from '@/types/api';

/**
 * The provider a hand-off with `query` redirects to, from the app data's theaters (each
 * carrying its own provider, else the site-wide one) and the site-wide provider; undefined
 * when it names a theater there is none of.
 */
export function handOffProvider(
  query: URLSearchParams,
  theaters: readonly Theater[],
  siteProvider: TicketingProvider | null | undefined,
): TicketingProvider | undefined {
  const named = query.get('theaterCode') || query.get('theaterId');
  if (!named) return siteProvider ?? undefined;
  const theater = theaters.find((candidate) => candidate.id === named || candidate.code === named);
  return theater?.ticketingProvider ?? undefined;
}
