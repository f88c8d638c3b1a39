// The gateway's JSON, named as the app uses it: the types of its OpenAPI document
// (docs/openapi.json, generated from the Rust handlers), which `npm run api-types` turns
// into ./api-schema.ts. A property with a default may be absent (serde fills it in), so
// it stays optional; a message the gateway may leave out is null.
//
// What the document does not say yet is written here by hand, each marked "Gap:" with
// what is missing, until the document says it (issue 32).
import type { components } from './api-schema';

type Schemas = components['schemas'];

/** `T` with `keys` always there. */
type WithRequired<T, K extends keyof T> = T & { [P in K]-?: NonNullable<T[P]> };

export type BrandColors = Schemas['BrandColors'];
export type Palette = Schemas['Palette'];
export type Fonts = Schemas['Fonts'];
export type Theme = Schemas['Theme'];
export type Country = Schemas['Country'];
export type SocialLink = Schemas['SocialLink'];
export type NavigationLink = Schemas['NavigationLink'];
export type TicketingProvider = Schemas['TicketingProvider'];
export type SiteSettings = Schemas['SiteSettings'];
export type Address = Schemas['Address'];
export type PageSection = Schemas['PageSection'];

/** POST /api/v1/consent/evaluate's body: what the consent manager knows. */
export type ConsentEvaluation = Schemas['ConsentEvaluation'];
/** POST /api/v1/consent/receipts's body: the visitor's choice. */
export type ConsentReceiptRequest = Schemas['ConsentReceiptRequest'];
export type ConsentReceipt = Schemas['Receipt'];

/**
 * POST /api/v1/consent/evaluate's answer. Gap: the document's EvaluateResponse requires
 * neither field and has `state` as a plain string.
 */
export type ConsentDecision = {
  state: 'granted' | 'denied' | 'undetermined';
  trackersEnabled: boolean;
};

/** Gap: the document's slot sizes are integer lists of any length, not [width, height] pairs. */
export type AdSize = [number, number];

/** One ad slot of GET /api/v1/ads/config; its sizes as pairs (the gap of `AdSize`). */
export type AdSlotConfig = Omit<Schemas['AdSlot'], 'sizes' | 'sizeMapping'> & {
  sizes: 'fluid' | AdSize[];
  sizeMapping: Array<{ viewportWidth: number; sizes: AdSize[] }>;
};

/** GET /api/v1/ads/config (docs/consent-and-ads.md#display-ads). */
export type AdsConfig = Omit<Schemas['AdsConfig'], 'slots'> & { slots: AdSlotConfig[] };

/** A failing call's body; a proxy in between may answer without one. */
export type ApiErrorBody = Partial<Schemas['Error']>;

/** Gap: the document's Roundness has plain strings where the app reads one of these. */
export type Roundness = 'NONE' | 'MEDIUM' | 'HIGH';

/**
 * Gap: SiteConfig.trailingSlash is a plain string in the document, `always` or `never` in
 * the JSON; roundness's `buttons` and `content` are plain strings, one of `Roundness` in
 * the JSON.
 */
export type SiteConfig = Omit<Schemas['SiteConfig'], 'trailingSlash' | 'roundness'> & {
  trailingSlash?: 'always' | 'never';
  roundness?: { buttons?: Roundness; content?: Roundness } | null;
};

/** Gap: Movie.playWeek is a plain string in the document, one of these in the JSON. */
export type PlayWeek =
  | 'CURRENT_PLAYWEEK'
  | 'NEXT_PLAYWEEK_1'
  | 'NEXT_PLAYWEEK_2'
  | 'NEXT_PLAYWEEK_3'
  | 'BEYOND_NEXT_PLAYWEEK_3'
  | 'NEXT_PLAYWEEK_UNDETERMINED';

/** Gap: `id` is not required in the document's Movie (nor playWeek typed), though always sent. */
export type Movie = WithRequired<Omit<Schemas['Movie'], 'playWeek'>, 'id'> & { playWeek?: PlayWeek };

/** Gap: `id` is not required in the document's Theater, though always sent. */
export type Theater = WithRequired<Schemas['Theater'], 'id'>;

/** Gap: `id` is not required in the document's Showtime, though always sent. */
export type Showtime = WithRequired<Schemas['Showtime'], 'id'>;

/** Gap: `id` is not required in the document's Event, though always sent. */
export type Event = WithRequired<Schemas['Event'], 'id'>;

/** Gap: `id` is not required in the document's Page, though always sent. */
export type Page = WithRequired<Schemas['Page'], 'id'>;

/**
 * Gap: SearchHit's `id`, `title` and `path` are not required in the document, and `kind`
 * is a plain string where the JSON has one of these four.
 */
export type SearchHit = WithRequired<Omit<Schemas['SearchHit'], 'kind'>, 'id' | 'title' | 'path'> & {
  kind: 'movie' | 'theater' | 'event' | 'page';
};

export type LoyaltyMenuEntry = { label?: string; to?: string };

/** Gap: Site.loyalty is an object without properties in the document. */
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

export type Site = Omit<Schemas['Site'], 'config' | 'loyalty'> & {
  config?: SiteConfig | null;
  loyalty?: LoyaltyConfig;
};

/** Gap: the app data (`/page-data/app-data.json`) is an object without properties in the document. */
export type Messages = {
  locale?: string;
  messages?: Record<string, string>;
};

/** Gap: the app data (`/page-data/app-data.json`) is an object without properties in the document. */
export type AppData = {
  site?: Site;
  theaters?: Theater[];
  messages?: Messages;
  /** Gateway configuration (ANALYTICS_LAUNCH_SCRIPT_URL, CINEMA_MARKETING_*). */
  analytics?: { launchScriptUrl?: string | null; cinemaMarketing?: { customerId: string; scriptUrl: string } | null };
};

/**
 * The page templates the gateway publishes (`templateName` of a page's data). Gap: a
 * page's data (`/page-data/{path}/page-data.json`) is an object without properties in the
 * document, and so are this and the three types after it.
 */
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

/** docs/pages-and-links.md#page-context: what every page's data says about the page. */
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

/** `/page-data/{path}/page-data.json` (docs/publishing.md#page-data). */
export type PageData = {
  path: string;
  templateName: TemplateName | (string & {});
  pageContext?: PageContext;
  data?: PageContent;
};
