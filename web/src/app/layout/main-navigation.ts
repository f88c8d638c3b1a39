import { paths } from '@/config/paths';
import type { Theater } from '@/types/api';

export type NavigationItem = { messageKey: string; to: string };

/**
 * The site's main sections, in the order the header and footer list them. A
 * single-location site has no theater list: its theater's page takes the list's place.
 */
export function mainNavigation(isSingleLocation: boolean, theaters: readonly Theater[]): NavigationItem[] {
  const [onlyTheater] = theaters;
  const theaterItems = !isSingleLocation
    ? [{ messageKey: 'nav.theaters', to: paths.theaters.build() }]
    : onlyTheater
      ? [{ messageKey: 'nav.theater', to: paths.theater.build(onlyTheater) }]
      : [];
  return [
    { messageKey: 'nav.movies', to: paths.movies.build() },
    ...theaterItems,
    { messageKey: 'nav.showtimes', to: paths.showtimes.build() },
    { messageKey: 'nav.events', to: paths.events.build() },
  ];
}
