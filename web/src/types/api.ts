// The gateway's JSON: proto messages of proto/catalogue/v1/catalogue.proto and
// proto/loyalty/v1/loyalty.proto serialised with serde in camelCase. Every field may
// be absent (serde `default` on the server side), so optional fields stay optional.

export type Roundness = 'NONE' | 'MEDIUM' | 'HIGH';

export type PlayWeek =
  | 'CURRENT_PLAYWEEK'
  | 'NEXT_PLAYWEEK_1'
  | 'NEXT_PLAYWEEK_2'
  | 'NEXT_PLAYWEEK_3'
  | 'BEYOND_NEXT_PLAYWEEK_3'
  | 'NEXT_PLAYWEEK_UNDETERMINED';

export type BrandColors = Partial<
  Record<'brand1' | 'brand2' | 'brand3' | 'brand4' | 'brand5' | 'brand6', string>
>;

export type Palette = Partial<
  Record<
    | 'muted'
    | 'accent'
    | 'primary'
    | 'highlight'
    | 'background'
    | 'footerBackground'
    | 'headerBackground',
    string
  >
>;

export type Fonts = {
  body?: string;
  heading?: string;
  fontWeights?: Record<string, { weights?: string[] }>;
  fontStyles?: Record<string, string>;
};

export type Theme = {
  colors?: BrandColors;
  palette?: Palette;
  fonts?: Fonts;
};

export type Country = {
  code?: string;
  iso31661A2?: string;
  iso31661A3?: string;
  name?: string;
};

export type SiteConfig = {
  theme?: Theme;
  googleFonts?: string[];
  country?: Country;
  allCountries?: Country[];
  locale?: string;
  name?: string;
  pathPrefix?: string;
  websiteId?: string;
  trackers?: { googleAnalyticsV4?: string };
  isSingleLocation?: boolean;
  relatedEntityType?: string;
  circuitId?: string;
  theaterIds?: string[];
  allowedEmbeddingDomains?: string[];
  roundness?: { buttons?: Roundness; content?: Roundness };
  globalExcludedMovieIds?: string[];
  movieOrderIndex?: string[];
  betaFeaturesEnabled?: boolean;
  trailingSlash?: 'always' | 'never';
  timeZone?: string;
};

export type SocialLink = {
  /** "facebook", "instagram", "x", "youtube", "tiktok", "app_store", "google_play". */
  kind?: string;
  url?: string;
  label?: string;
};

export type NavigationLink = { label?: string; to?: string };

export type TicketingProvider = {
  name?: string;
  url?: string;
  /** The hand-offs its booking site offers beyond tickets, by route segment (config/hand-offs.ts). */
  handOffs?: string[];
};

export type SiteSettings = {
  id?: string;
  /** Whether the header shows site search (DESIGN.md section 8). */
  hasSearch?: boolean | null;
  domain?: string;
  logo?: { src?: string; alt?: string };
  circuit?: { id?: string; name?: string };
  ticketingProvider?: TicketingProvider;
  loginPage?: { slug?: string };
  privacyPolicyPage?: { slug?: string };
  cookieBannerDidomiId?: string;
  /** false turns the first-party consent banner off (no notice id: no consent manager at all). */
  firstPartyConsentBanner?: boolean | null;
  adsDisplay?: string;
  adsLocation?: string[];
  enableTargettTracking?: boolean;
  trackers?: Array<{ type?: string; token?: string }>;
  socialLinks?: SocialLink[];
  appLinks?: SocialLink[];
  navigation?: NavigationLink[];
  footerLinks?: NavigationLink[];
};

export type LoyaltyMenuEntry = { label?: string; to?: string };

export type LoyaltyConfig = {
  version?: number;
  circuitId?: string;
  cinemaId?: string;
  type?: string;
  clubId?: string;
  provider?: string;
  /** Lower-case brand of the loyalty header and query names (LOYALTY_BRAND). */
  brand?: string;
  ticketingUrl?: string;
  includeActivation?: boolean;
  includeActivationCardNumber?: boolean;
  includeActivationPhoneNumber?: boolean;
  balanceTypes?: string[];
  scannableCodeFormat?: string;
  accessFromHeader?: boolean;
  guestHeaderAccessLabel?: string;
  guestSignupTabButton?: string;
  guestSignupTabText?: string;
  loggedInHeaderAccessLabel?: string;
  loggedInMenu?: LoyaltyMenuEntry[];
  includeWatchlist?: boolean;
  cardType?: string;
  sessionTimeout?: number;
  allowExpiredAccountsLogin?: boolean;
  displayOriginalCypherMessages?: boolean;
  /** The invisible captcha's public site key (CAPTCHA_SITE_KEY), when the site uses one. */
  captchaSiteKey?: string;
};

export type Site = {
  config?: SiteConfig;
  settings?: SiteSettings;
  loyalty?: LoyaltyConfig;
};

export type Address = {
  street?: string;
  city?: string;
  state?: string;
  zipCode?: string;
  country?: string;
};

export type Theater = {
  id: string;
  name?: string;
  slug?: string;
  code?: string;
  address?: Address;
  phone?: string;
  email?: string;
  ticketingProvider?: TicketingProvider;
  amenities?: string[];
  description?: string;
  screens?: number;
  /** Notes a visitor with a disability can rely on, one each. */
  accessibility?: string[];
  /** Kilometres from the point the theaters were listed near. */
  distanceKm?: number;
};

export type Messages = {
  locale?: string;
  messages?: Record<string, string>;
};

export type AppData = {
  site?: Site;
  theaters?: Theater[];
  messages?: Messages;
  /** Gateway configuration (ANALYTICS_LAUNCH_SCRIPT_URL, CINEMA_MARKETING_*). */
  analytics?: { launchScriptUrl?: string | null; cinemaMarketing?: { customerId: string; scriptUrl: string } | null };
};

export type Movie = {
  id: string;
  title?: string;
  slug?: string;
  synopsis?: string;
  runtimeMinutes?: number;
  rating?: string;
  genres?: string[];
  /** YYYY-MM-DD */
  releaseDate?: string;
  directors?: string[];
  cast?: string[];
  formats?: string[];
  attributes?: string[];
  /** "NEW", "PREVIEW". */
  flags?: string[];
  playWeek?: PlayWeek;
  posterUrl?: string;
  trailerUrl?: string;
  originalLanguage?: string;
  path?: string;
};

export type Showtime = {
  id: string;
  movieId?: string;
  theaterId?: string;
  perfCode?: string;
  /** Local date at the theater, YYYY-MM-DD. */
  date?: string;
  /** Local time at the theater, HH:MM. */
  time?: string;
  startsAt?: string;
  format?: string;
  auditorium?: string;
  /** Codes of DESIGN.md section 9's vocabulary: "open-captions", "3d"... */
  attributes?: string[];
  ticketingUrl?: string;
  /** The soundtrack's language, BCP 47. */
  language?: string;
  availability?: 'available' | 'selling-fast' | 'sold-out';
};

export type PageSection = { heading?: string; paragraphs?: string[] };

export type Page = {
  id: string;
  slug?: string;
  title?: string;
  templateName?: string;
  sections?: PageSection[];
  path?: string;
};

export type ApiErrorBody = { error?: { code?: string; message?: string } };

export type Event = {
  id: string;
  title?: string;
  slug?: string;
  description?: string;
  theaterId?: string;
  movieId?: string;
  startsAt?: string;
  posterUrl?: string;
  ticketingUrl?: string;
  path?: string;
  /** Local date at the theater, YYYY-MM-DD. */
  date?: string;
  /** Local time at the theater, HH:MM. */
  time?: string;
};

/** The page templates the gateway publishes (`templateName` of a page's data). */
export type TemplateName =
  | 'home'
  | 'movieList'
  | 'movie'
  | 'theaterList'
  | 'theater'
  | 'showtimes'
  | 'eventList'
  | 'event'
  | 'page'
  | 'notFound'
  | 'serverError';

/** SPEC.md section 3: what every page's data says about the page. */
export type PageContext = {
  intl?: { locale?: { short?: string; long?: string }; country?: { code?: string; iso31661A2?: string } };
  pagePath?: string;
  isSingleLocation?: boolean;
  /** The theater the page is about; empty when none. */
  theaterId?: string;
  betaFeaturesEnabled?: boolean;
  templateName?: string;
};

/**
 * A published page's own data, by template: home `{movies, events}`, movieList
 * `{movies}`, movie `{movie, showtimes}`, theaterList `{theaters}`, theater
 * `{theater, movies, showtimes}`, showtimes `{movies, showtimes}`, eventList `{events}`,
 * event `{event}`, page `{page}`, notFound and serverError `{}`. Showtimes are the
 * coming week's, chain-wide (the theater page: that theater's); a large chain's movie
 * and showtimes pages carry `theaterIds` in their place.
 */
export type PageContent = {
  movie?: Movie;
  movies?: Movie[];
  showtimes?: Showtime[];
  /** The theaters showing, when the page's showtimes are too many to publish in it. */
  theaterIds?: string[];
  theater?: Theater;
  theaters?: Theater[];
  event?: Event;
  events?: Event[];
  page?: Page;
};

/** `/page-data/{path}/page-data.json` (SPEC.md section 7, "Static page data"). */
export type PageData = {
  path: string;
  templateName: TemplateName | (string & {});
  pageContext?: PageContext;
  data?: PageContent;
};

/** One hit of site search (DESIGN.md section 8). */
export type SearchHit = {
  id: string;
  kind: 'movie' | 'theater' | 'event' | 'page';
  title: string;
  subtitle?: string;
  path: string;
  imageUrl?: string;
};
