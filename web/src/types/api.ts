// The gateway's JSON, named as the app uses it: the types of its OpenAPI document
// (docs/openapi.json, generated from the Rust handlers), which `npm run api-types` turns
// into ./api-schema.ts. A property with a default may be absent (serde fills it in), so
// it stays optional; a message the gateway may leave out is null.
//
// What the document does not say yet is written here by hand, each marked "Gap:" with
// what is missing, until the document says it (issue 32).
import type { components } from './api-schema';

type Schemas = components['schemas'];

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
/** A legacy part of a page: a heading and its paragraphs (the studio edits them as blocks). */
export type PageSection = Schemas['PageSection'];
/**
 * One block of a page's body (docs/studio.md#page-blocks), one shape for every kind:
 * `type` says which fields count: `heading` (`level` 2 or 3, `text`), `paragraph`
 * (`text`), `list` (`ordered`, `items`), `image` (`src`, `alt`, `caption`), `quote`
 * (`text`, `caption`: who said it), `button` (`label`, `href`) and `divider`. The site
 * renders them (features/pages), the studio edits them (studio/page-blocks-editor).
 */
export type PageBlock = Schemas['PageBlock'];
export type MediaImage = Schemas['MediaImage'];
/** Text of one emphasis (`bold`, `italic`); with `link` (a path on the site, or an http, https, mailto or tel address) a link. */
export type TextRun = Schemas['TextRun'];
/** One item of a list block. */
export type ListItem = Schemas['ListItem'];

/** POST /api/v1/consent/evaluate's body: what the consent manager knows. */
export type ConsentEvaluation = Schemas['ConsentEvaluation'];
/** POST /api/v1/consent/receipts's body: the visitor's choice. */
export type ConsentReceiptRequest = Schemas['ConsentReceiptRequest'];
export type ConsentReceipt = Schemas['Receipt'];

/** POST /api/v1/consent/evaluate's answer. */
export type ConsentDecision = Schemas['EvaluateResponse'];

/** An ad size: [width, height] in CSS pixels. */
export type AdSize = Schemas['AdSizePair'];

/** One ad slot of GET /api/v1/ads/config. */
export type AdSlotConfig = Schemas['AdSlot'];

/** GET /api/v1/ads/config (docs/consent-and-ads.md#display-ads). */
export type AdsConfig = Schemas['AdsConfig'];

/** A failing call's body; a proxy in between may answer without one. */
export type ApiErrorBody = Partial<Schemas['Error']>;

export type Roundness = Schemas['CornerRoundness'];
export type SiteConfig = Schemas['SiteConfig'];
export type PlayWeek = Schemas['PlayWeek'];
export type Movie = Schemas['Movie'];
export type Theater = Schemas['Theater'];
export type Showtime = Schemas['Showtime'];
export type Event = Schemas['Event'];
export type Page = Schemas['Page'];
export type SearchHit = Schemas['SearchHit'];

export type LoyaltyMenuEntry = { label?: string; to?: string };

/**
 * The normalised loyalty configuration, every field optional: a screen takes one with only
 * what it reads (as its tests give it). Gap: `loggedInMenu` is passed through as the site
 * gave it, objects in the document; the app reads each entry's label and link.
 */
export type LoyaltyConfig = Partial<Omit<Schemas['SiteLoyalty'], 'loggedInMenu'>> & {
  loggedInMenu?: LoyaltyMenuEntry[] | null;
};

export type Site = Omit<Schemas['Site'], 'loyalty'> & { loyalty?: LoyaltyConfig };

export type Messages = Schemas['Messages'];

/** `/page-data/app-data.json` (docs/publishing.md#page-data). */
export type AppData = Omit<Schemas['AppData'], 'site'> & { site: Site };

/** The page templates the gateway publishes (`templateName` of a page's data). */
export type TemplateName = Schemas['TemplateName'];

/** docs/pages-and-links.md#page-context: what every page's data says about the page. */
export type PageContext = Schemas['PageContext'];

/** A published page's own data, by template (the document's PageContent says which). */
export type PageContent = Schemas['PageContent'];

/** `/page-data/{path}/page-data.json` (docs/publishing.md#page-data). */
export type PageData = Schemas['PageData'];
