import type { PageContent } from '@/types/api';

/**
 * Whether a movie's published page has no showtimes yet: none at any theater, or on a
 * large chain's page (docs/pages-and-links.md, theaterIds in place of showtimes) no theater
 * showing it. Read from the page's data alone, the same at every theater: a page whose
 * showtimes have all started since it was published still had some.
 */
export function hasNoShowtimesYet(content: Pick<PageContent, 'showtimes' | 'theaterIds'>): boolean {
  if (content.showtimes) return content.showtimes.length === 0;
  return (content.theaterIds ?? []).length === 0;
}
