// A small published chain (two theaters, the member area, ads, a sign-in page) and the
// page data of every template the gateway publishes, as the gateway serves them: for the
// tests of the server render, hydration and the renderer.
import type { AppData, Event, Movie, PageData, Showtime, TemplateName, Theater } from '@/types/api';

export const theaters: Theater[] = [
  {
    id: '101',
    name: 'Marquee Riverfront 14',
    slug: 'marquee-riverfront-14',
    code: 'MQRF',
    address: { street: '200 Water Street', city: 'Providence', state: 'RI', zipCode: '02903', country: 'US' },
    description: 'Fourteen screens on the river, IMAX and Dolby Atmos.',
  },
  {
    id: '102',
    name: 'Marquee Eastside 12',
    slug: 'marquee-eastside-12',
    code: 'MQES',
    address: { street: '12 Hope Street', city: 'Providence', state: 'RI', zipCode: '02906', country: 'US' },
  },
];

export const appData: AppData = {
  studioOrigin: null,
  site: {
    config: {
      name: 'Marquee Cinemas',
      locale: 'en-US',
      isSingleLocation: false,
      trailingSlash: 'always',
      timeZone: 'America/New_York',
      showtimeGraceMinutes: 10,
      theme: {
        palette: { primary: '#1e3a8a', accent: '#f2b705', background: '#ffffff', headerBackground: '#111114' },
        fonts: { body: 'Lato', heading: 'Montserrat' },
      },
    },
    settings: {
      domain: 'www.marqueecinemas.example',
      circuit: { id: '77', name: 'Marquee Cinemas' },
      ticketingProvider: {
        name: 'BOOST_POS',
        url: 'https://tickets.marqueecinemas.example',
        handOffs: ['giftcards', 'startconcessions'],
      },
      loginPage: { slug: 'sign-in' },
      privacyPolicyPage: { slug: 'privacy-policy' },
      adsDisplay: 'PROGRAMMATIC',
      adsLocation: ['PAGES_TOP', 'PAGES_BOTTOM'],
      navigation: [{ label: 'Movies', to: '/movies/' }],
      footerLinks: [{ label: 'About us', to: '/about/' }],
    },
    loyalty: {
      provider: 'BOOST_POS',
      version: 3,
      accessFromHeader: true,
      guestHeaderAccessLabel: 'Sign in',
      loggedInHeaderAccessLabel: 'My account',
      includeWatchlist: true,
    },
  },
  theaters,
  // A key without its message shows as itself, alike on both sides.
  messages: {
    locale: 'en-US',
    messages: {
      'movies.title': 'Movies',
      'showtimes.title': 'Showtimes',
      'showtimes.chooseDay': 'Choose a day',
      'movie.showtimes': 'Showtimes',
      'movie.showtimesAt': 'Showtimes at [theaterName]',
      'theaters.title': 'Theaters',
      'events.title': 'Events',
      'notFound.title': 'Page not found',
      'serverError.title': 'Something went wrong',
    },
  },
  // A gateway with no analytics scripts configured.
  analytics: { launchScriptUrl: null, cinemaMarketing: null },
};

export const movie: Movie = {
  id: '1001',
  title: 'The Long Night',
  slug: 'the-long-night',
  synopsis: 'A lighthouse keeper waits out the longest night of the year.',
  runtimeMinutes: 128,
  rating: 'PG-13',
  genres: ['Drama'],
  playWeek: 'CURRENT_PLAYWEEK',
  posterUrl: '/posters/1001.svg',
  path: '/movies/1001-the-long-night/',
};

const comingSoon: Movie = {
  id: '1009',
  title: 'Neon Requiem',
  slug: 'neon-requiem',
  synopsis: 'A synth-pop requiem for a city that never was.',
  playWeek: 'NEXT_PLAYWEEK_1',
  path: '/movies/1009-neon-requiem/',
};

export const movies: Movie[] = [movie, comingSoon];

/** When the site is published: the morning of its first showtimes, all still ahead. */
export const publishedAt = new Date('2026-11-25T09:00:00-05:00');

export const showtimes: Showtime[] = [
  {
    id: 's1',
    movieId: '1001',
    theaterId: '101',
    date: '2026-11-25',
    time: '19:30',
    startsAt: '2026-11-25T19:30:00-05:00',
    format: 'IMAX',
    perfCode: '1',
    ticketingUrl: 'https://tickets.marqueecinemas.example/sales/MQRF/book?perfcode=1',
  },
  {
    id: 's2',
    movieId: '1001',
    theaterId: '102',
    date: '2026-11-25',
    time: '21:00',
    startsAt: '2026-11-25T21:00:00-05:00',
    perfCode: '2',
    ticketingUrl: 'https://tickets.marqueecinemas.example/sales/MQES/book?perfcode=2',
  },
  {
    id: 's3',
    movieId: '1001',
    theaterId: '101',
    date: '2026-11-26',
    time: '18:00',
    startsAt: '2026-11-26T18:00:00-05:00',
    perfCode: '3',
    ticketingUrl: 'https://tickets.marqueecinemas.example/sales/MQRF/book?perfcode=3',
  },
];

export const event: Event = {
  id: '5001',
  title: 'Opening Night: Neon Requiem',
  slug: 'opening-night-neon-requiem',
  description: 'A live introduction by the director, and a poster for every guest.',
  theaterId: '102',
  movieId: '1009',
  date: '2026-11-27',
  time: '19:00',
  path: '/events/5001-opening-night-neon-requiem/',
};

function pageData(path: string, templateName: TemplateName, data: PageData['data']): PageData {
  return {
    path,
    templateName,
    pageContext: {
      intl: { locale: { short: 'en', long: 'en-US' }, country: { code: 'us', iso31661A2: 'US' } },
      pagePath: path,
      isSingleLocation: false,
      theaterId: templateName === 'theater' ? '101' : '',
      betaFeaturesEnabled: false,
      templateName,
    },
    data,
  };
}

/** One page of each template, by path. */
export const publishedPages: Record<TemplateName, PageData> = {
  home: pageData('/', 'home', { movies, events: [event] }),
  movieList: pageData('/movies/', 'movieList', { movies }),
  movie: pageData('/movies/1001-the-long-night/', 'movie', { movie, showtimes }),
  theaterList: pageData('/theaters/', 'theaterList', { theaters }),
  theater: pageData('/theaters/101-marquee-riverfront-14/', 'theater', {
    theater: theaters[0],
    movies: [movie],
    showtimes: showtimes.filter((showtime) => showtime.theaterId === '101'),
  }),
  showtimes: pageData('/showtimes/', 'showtimes', { movies, showtimes }),
  eventList: pageData('/events/', 'eventList', { events: [event] }),
  event: pageData('/events/5001-opening-night-neon-requiem/', 'event', { event }),
  page: pageData('/about/', 'page', {
    page: {
      id: 'about',
      slug: 'about',
      title: 'About Marquee Cinemas',
      path: '/about/',
      sections: [{ heading: 'Movies the way they should be', paragraphs: ['Two theaters in Providence since 1968.'] }],
    },
  }),
  notFound: pageData('/404.html', 'notFound', {}),
  serverError: pageData('/500.html', 'serverError', {}),
};

/** The sign-in page: a content page with the member area's form below its sections. */
export const signInPage: PageData = pageData('/sign-in/', 'page', {
  page: { id: 'sign-in', slug: 'sign-in', title: 'Sign in', path: '/sign-in/', sections: [] },
});

/**
 * A content page written as blocks (docs/studio.md#page-blocks): one of each kind, links to
 * the site and to another, and one the page may not hold (`javascript:`), shown as text.
 */
export const blocksPage: PageData = pageData('/visit-us/', 'page', {
  page: {
    id: 'visit-us',
    slug: 'visit-us',
    title: 'Visit us',
    path: '/visit-us/',
    sections: [],
    blocks: [
      { type: 'heading', level: 2, text: [{ text: 'Getting here' }] },
      {
        type: 'paragraph',
        text: [
          { text: 'Park at the ' },
          { text: 'Water Street garage', bold: true },
          { text: ', or find ' },
          { text: 'our other theater', link: '/theaters' },
          { text: '.' },
        ],
      },
      { type: 'heading', level: 3, text: [{ text: 'At the theater' }] },
      {
        type: 'list',
        ordered: false,
        items: [{ text: [{ text: 'Reserved seats' }] }, { text: [{ text: 'Free refills', italic: true }] }],
      },
      { type: 'image', src: '/media/lobby.jpg', alt: 'The lobby on opening night', caption: 'Since 1968' },
      { type: 'quote', text: [{ text: 'The best seats in town.' }], caption: 'The Providence Journal' },
      { type: 'divider' },
      { type: 'paragraph', text: [{ text: 'Follow us', link: 'https://www.facebook.com/marquee' }] },
      { type: 'paragraph', text: [{ text: 'Win a prize', link: 'javascript:alert(1)' }] },
      { type: 'button', label: 'See showtimes', href: '/showtimes/' },
    ],
  },
});
