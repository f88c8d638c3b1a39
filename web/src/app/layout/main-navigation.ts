import { paths } from '@/config/paths';

/** The site's main sections, in the order the header and footer list them. */
export const MAIN_NAVIGATION = [
  { messageKey: 'nav.movies', to: paths.movies.build() },
  { messageKey: 'nav.theaters', to: paths.theaters.build() },
  { messageKey: 'nav.showtimes', to: paths.showtimes.build() },
  { messageKey: 'nav.events', to: paths.events.build() },
] as const;
