// The studio's JSON API on its own host, under /studio/api/v1/ (DESIGN.md section 13, "JSON
// API"): the calls of this version of the studio, their types (from the gateway's OpenAPI
// document, tag `studio`, as src/types/api.ts names the site's) and the fetch helpers they
// share.
import { ApiError, buildUrl } from '@/lib/api-client';
import type { components } from '@/types/api-schema';
import type { ApiErrorBody } from '@/types/api';

type Schemas = components['schemas'];

export const STUDIO_API = '/studio/api/v1';

/** The six roles of DESIGN.md section 13, each granted on a scope. */
export const STUDIO_ROLES = ['operator', 'admin', 'editor', 'theater-manager', 'support', 'viewer'] as const;

export type StudioRole = (typeof STUDIO_ROLES)[number];

export type StaffMember = Schemas['StudioStaff'];

/** A role on a scope: every site for `operator` (`siteId` null), else one site, or named theaters of it. */
export type Grant = Omit<Schemas['StudioGrant'], 'role'> & { role: StudioRole };

/** GET /studio/api/v1/me: who is signed in, and what they may do. */
export type Me = { staff: StaffMember; grants: Grant[] };

/** POST /studio/api/v1/invitation: what an invitation link offers (`email` null: the person accepting names theirs). */
export type Invitation = Omit<Schemas['StudioInvitation'], 'role'> & { role: StudioRole };

/** POST /studio/api/v1/invitations/accept's body; `email` only when the invitation names none. */
export type InvitationAcceptance = Omit<Schemas['StudioAcceptance'], 'email'> & { email?: string };

/** One of the signed-in staff member's passkeys (`lastUsedAt` null: never signed in with yet). */
export type Passkey = Schemas['StudioPasskey'];

/**
 * POST /studio/api/v1/passkeys/options's body: with `invitation`, the first passkey of the
 * person accepting it (their `name`, and `email` where the invitation names none); without,
 * another passkey of the staff member signed in.
 */
export type PasskeyOptionsRequest = Schemas['StudioPasskeyOptionsRequest'];

/** POST /studio/api/v1/passkeys's body: the new credential, as its `toJSON()` gives it. */
export type PasskeyRegistration = Schemas['StudioPasskeyRegistration'];

/** POST /studio/api/v1/sign-in/passkey's body: the assertion, as its `toJSON()` gives it. */
export type PasskeySignIn = Schemas['StudioPasskeySignIn'];

/**
 * GET /studio/api/v1/sign-in/methods: the ways in besides a passkey that the platform offers,
 * a link by e-mail (`emailLink`) and single sign-on with the organisation's account
 * (`singleSignOn`, begun at the page `/sign-in/sso`).
 */
export type SignInMethods = Schemas['StudioSignInMethods'];

/** A site the signed-in staff member may see: its host names and where the public reaches it. */
export type StudioSite = Schemas['StudioSite'];

/**
 * GET /studio/api/v1/sites/{siteId}: a site with where it is served as set, what the form of
 * where it is served starts from: besides the list's facts, its own public URL
 * (`ownPublicUrl`; '' when it has none and `publicUrl` is the deployment's address).
 */
export type SiteDetails = Schemas['StudioSiteDetails'];

/**
 * What a new site starts as: an empty site (one theater, no movies, for the chain's point of
 * sale or its staff to fill), or a copy of the demo chain, its days as of today.
 */
export const SITE_TEMPLATES = ['empty', 'demo'] as const satisfies readonly Schemas['StudioSiteTemplate'][];

export type SiteTemplate = (typeof SITE_TEMPLATES)[number];

/**
 * POST /studio/api/v1/sites's body: the new site's id (lower-case letters, digits and '-',
 * at most 63 characters; never changed), name, template, host names (lower-case, without a
 * port; none: served on none yet) and public URL (an origin; absent or empty: the deployment's).
 */
export type NewSiteRequest = Schemas['StudioNewSite'];

/**
 * PATCH /studio/api/v1/sites/{siteId}'s body: where the site is served, each field given
 * replacing what it has: its host names (lower-case, without a port; `[]`: none of its own)
 * and its public URL (an origin; empty: the deployment's).
 */
export type SiteAddressRequest = Schemas['StudioSiteAddress'];

/** A member of a site's staff: who they are and the grant they hold on the site. */
export type StaffGrant = Omit<Schemas['StudioStaffGrant'], 'role'> & { role: StudioRole };

/**
 * POST /studio/api/v1/invitations's body: a site's role (with `siteId`; for a theater
 * manager, `theaterIds`), or `operator`, which is every site's and names none.
 */
export type InvitationRequest = Omit<Schemas['StudioInvitationRequest'], 'role'> & { role: StudioRole };

/** What POST /studio/api/v1/invitations answers: the invitation mailed (its link is in the mail alone). */
export type InvitationSent = Omit<Schemas['StudioInvitationSent'], 'role'> & { role: StudioRole };

/** An invitation to a site, neither accepted nor expired yet. */
export type PendingInvitation = Omit<Schemas['StudioPendingInvitation'], 'role'> & { role: StudioRole };

/**
 * The actions the audit log names (`noun.verb`; docs/studio.md): each one svc-studio audits,
 * in the order the filter offers them. One a later version adds is shown as named.
 */
export const AUDIT_ACTIONS = [
  'site.created',
  'site.address-set',
  'invitation.sent',
  'staff.removed',
  'draft.site.changed',
  'draft.page.saved',
  'draft.page.removed',
  'draft.event.saved',
  'draft.event.removed',
  'draft.theater.saved',
  'draft.discarded',
  'site.published',
  'site.publish-scheduled',
  'site.restored',
  'site.republished',
  'ingest-key.created',
  'ingest-key.revoked',
  'theater.point-of-sale-set',
  'member.searched',
  'member.unlocked',
  'member.activation-sent',
  'member.password-reset-sent',
  'member.deleted',
  'media.uploaded',
  'media.replaced',
  'media.described',
  'media.deleted',
] as const;

/** A field an audited change changed, as it was and as it became (null: none, such as a new invitation's role before). */
export type AuditChange = { before: unknown; after: unknown };

/**
 * One change a staff member made: when (RFC 3339, to the millisecond), who, with what
 * role, on which site (null: the deployment's), the action and what it was done to, each
 * field's AuditChange (`changes`, by field), and where from (the client's address, the
 * request's id).
 */
export type AuditEntry = Schemas['StudioAuditEntry'];

/**
 * Which entries of a site's audit log to read: each filter left out reads every value.
 * `from` (inclusive) and `to` (exclusive) are RFC 3339 times.
 */
export type AuditFilter = { siteId: string; staffId?: string; action?: string; from?: string; to?: string };

/**
 * A record the site's draft changes: its kind (`site`, `page`, `event` or `theater`; more
 * may come, shown as named), its id (a page's slug, an event's or a theater's id; '' for
 * the site's document), who changed it last and when (RFC 3339), and whether the draft
 * removes it.
 */
export type DraftChange = Schemas['StudioDraftChange'];

/**
 * The draft's publishing at a time: when (RFC 3339), who asked for it, and why it did not
 * publish at its time ('' until then: a record changed since, named).
 */
export type ScheduledPublish = Schemas['StudioScheduledPublish'];

/** GET /studio/api/v1/sites/{siteId}/draft: what the draft changes, and when it is to be published (null: not at a time). */
export type Draft = Schemas['StudioDraft'];

/**
 * POST .../draft/publish's body: `publishAt` (RFC 3339) to publish then, left out to publish
 * now; `overwrite` to publish over records changed since the draft began changing them.
 */
export type PublishRequest = Schemas['StudioPublishRequest'];

/** A revision published (the draft, or an earlier revision restored): its id. */
export type Published = Schemas['StudioPublished'];

/** The draft's publishing at a time, scheduled: when (RFC 3339). */
export type PublishScheduled = Schemas['StudioPublishScheduled'];

/** What publishing the draft came to: a revision published now (200), or the draft scheduled (202). */
export type PublishOutcome = ({ scheduled: false } & Published) | ({ scheduled: true } & PublishScheduled);

/**
 * A revision of the site's editable records, as its history lists it: its id, when it was
 * made (RFC 3339), by whom (a staff member, an ingest key's label) and what it changed.
 */
export type Revision = Schemas['StudioRevision'];

/** One of the site's ingest keys in use: its id, its label (what holds it) and when it was made (RFC 3339); never its text. */
export type IngestKey = Schemas['StudioIngestKey'];

/** POST /studio/api/v1/sites/{siteId}/ingest-keys's body: the new key's label, 1 to 100 characters. */
export type IngestKeyRequest = Schemas['StudioIngestKeyRequest'];

/** A key made: as IngestKey, with its text (`key`, `cik_...`), which this answer alone holds. */
export type IngestKeyCreated = Schemas['StudioIngestKeyCreated'];

/**
 * Where a member stands, as member support reads it: `active`; `not-activated` (their
 * activation code not entered yet); `locked` after failed sign-ins, for a while; `blocked`
 * after repeated lockouts, until unlocked or their password is reset. One a later version
 * adds is shown as named.
 */
export const MEMBER_STATUSES = ['active', 'not-activated', 'locked', 'blocked'] as const;

export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/**
 * One of the site's members as member support sees them, never a password, a token or a
 * whole card number: their id, e-mail address, status (MEMBER_STATUSES), last sign-in
 * (RFC 3339; null: none recorded) and cards, each masked by the server but its last four
 * characters (`••••••2345`).
 */
export type StudioMember = Schemas['StudioMember'];

/** DELETE .../members/{memberId}'s body: why the account is deleted, 3 to 500 characters (kept in the audit log). */
export type StudioMemberDeletion = Schemas['StudioMemberDeletion'];

/** Whom member support looks for: an exact e-mail address, or an exact card number, one of the two. */
export type MemberLookup = { email: string } | { card: string };

/** Where a page of the site shows as the draft has it. */
export type PreviewAddress = Schemas['StudioPreview'];

/** The theme's palette (docs/pages-and-links.md#theme): seven colours, each `#RRGGBB`. */
export const PALETTE_COLOURS = ['primary', 'accent', 'highlight', 'muted', 'background', 'footerBackground', 'headerBackground'] as const;

export type PaletteColour = (typeof PALETTE_COLOURS)[number];

/** The theme's brand colours, which feed the palette where it names none (`#RRGGBB`). */
export const BRAND_COLOURS = ['brand1', 'brand2', 'brand3', 'brand4', 'brand5', 'brand6'] as const;

export type BrandColour = (typeof BRAND_COLOURS)[number];

/** How round buttons and content are, sharpest first. */
export const ROUNDNESS_LEVELS = ['NONE', 'MEDIUM', 'HIGH'] as const satisfies readonly Schemas['CornerRoundness'][];

export type RoundnessLevel = (typeof ROUNDNESS_LEVELS)[number];

/** The two fonts a theme names. */
export type FontTarget = 'body' | 'heading';

/**
 * GET and PATCH /studio/api/v1/sites/{siteId}/draft/site: the site's document as the draft
 * has it (site.json's shape; the OpenAPI document says only "an object"), narrowed to the
 * fields the look screen reads: its name, language, roundness, theme (palette, brand
 * colours, fonts with their weights, such as "400" and "400i") and whether the header
 * offers search; and to the movies' site fields the movies screen reads (MovieSiteConfig).
 * The rest of it is the server's, never sent back.
 */
export type SiteDocument = {
  name?: string;
  config?:
    | ({
        locale?: string;
        roundness?: Schemas['Roundness'] | null;
        theme?: {
          palette?: Schemas['Palette'] | null;
          colors?: Schemas['BrandColors'] | null;
          fonts?: Schemas['Fonts'] | null;
        } | null;
      } & MovieSiteConfig)
    | null;
  settings?: { hasSearch?: boolean | null } | null;
};

/**
 * The movies' site fields of the site's document (`config`), the point of sale's own being
 * read-only (StudioMovie): their order on the home page and the movie list
 * (`movieOrderIndex`, movie ids; a movie it leaves out follows those it names, in the point
 * of sale's order), the movies kept off the site (`globalExcludedMovieIds`), the movie the
 * home page's hero shows first (`featuredMovieId`; '' for none, the first now showing: never
 * an excluded one, 422 naming `config.featuredMovieId`), and a poster of the media library in
 * place of the point of sale's (`posterOverrides`, by movie id, each a library image's path
 * `/media/{id}.jpg`; a refusal names `config.posterOverrides.{movieId}`). A merge patch
 * replaces a list whole, and removes an override with null.
 */
export type MovieSiteConfig = {
  movieOrderIndex?: string[] | null;
  globalExcludedMovieIds?: string[] | null;
  featuredMovieId?: string | null;
  posterOverrides?: Record<string, string> | null;
};

/**
 * A JSON merge patch (RFC 7396) of the site's document: the members it changes, objects
 * merged member by member, null removing a member, anything else (an array too) replacing it.
 */
export type MergePatch = { [member: string]: MergePatch | string | boolean | string[] | null };

/**
 * A page of the site as its draft has it, as the list of pages names it: its slug (its
 * address, `/{slug}/`), its title and where it stands: `published` (the draft leaves it),
 * `added`, `changed` or `removed` in the draft. One a later version adds is shown as named.
 */
export type DraftPage = Schemas['StudioDraftPage'];

/** Where a page stands in the draft, in the order the list explains them. */
export const DRAFT_PAGE_STATES = ['published', 'added', 'changed', 'removed'] as const satisfies readonly DraftPage['state'][];

/**
 * GET and PUT .../draft/pages/{slug}: a content page as the ingest API takes it (DESIGN.md
 * section 11): its id, slug, title, template, legacy `sections` (a heading and paragraphs
 * each), `unpublishAt` (RFC 3339, '' for never), its body as `blocks`, and what search
 * engines and link previews show of it (`seoDescription`, `seoImage`). Every field may be
 * left out, its default then ('' or []).
 */
export type PageRecord = Schemas['PageRecord'];

/**
 * An event of the site as its draft has it, as the list of events names it: its id, its
 * title and where it stands (DRAFT_PAGE_STATES: `published`, or `added`, `changed` or
 * `removed` in the draft). One a later version adds is shown as named.
 */
export type DraftEvent = Schemas['StudioDraftEvent'];

/**
 * GET and PUT .../draft/events/{id}: an event as the ingest API takes it (docs/ingest.md):
 * its id, title, slug, description, theater, movie, `startsAt` and `unpublishAt` (sent as a
 * local date-time read in its theater's time zone, answered as RFC 3339 with that zone's
 * offset), its picture (`image`, a media library image's path) and where it is booked
 * (`bookingUrl`, an https address; empty: its theater's ticketing provider). Every field
 * may be left out, '' then.
 */
export type EventRecord = Schemas['EventRecord'];

/** One of the site's theaters as published (GET .../theaters): its id and name, for a form to choose from. */
export type StudioTheater = Schemas['StudioTheater'];

/**
 * A theater of the site as its draft has it, as the list of theaters names it: its id, its
 * name (the point of sale's) and where it stands: `published` (the draft leaves it) or
 * `changed` in the draft (a theater is never added or removed there: the point of sale
 * owns that). One a later version adds is shown as named.
 */
export type DraftTheater = Schemas['StudioDraftTheater'];

/**
 * GET and PUT .../draft/theaters/{id} (docs/studio.md#theaters): a theater as the draft
 * describes it. Its id and name are the point of sale's, read-only (PUT ignores them); its
 * descriptive fields are the draft's: its address (null: none), phone, e-mail and
 * description, its amenities and accessibility notes (one each, empty ones dropped), its
 * parking notes (2,000 characters at most), its opening hours (OpeningHours, 14 lines at
 * most), its time zone (IANA; '': the site's) and where it is (latitude and longitude; 0
 * and 0: not placed). PUT refuses any other field, naming it.
 */
export type TheaterDetails = Schemas['StudioTheaterDetails'];

/** A theater's address, each part '' where it has none. */
export type TheaterAddress = Schemas['Address'];

/**
 * A line of a theater's opening hours: its days (English names, "Monday" to "Sunday"), and
 * when it opens and closes on them (HH:MM, on the theater's clock; a `closes` before
 * `opens` is past midnight). A refusal names `openingHours[2].closes`.
 */
export type OpeningHours = Schemas['OpeningHours'];

/** A code of the showtime attributes' vocabulary (docs/ingest.md#showtime-attributes): the OpenAPI document's enum. */
export type ShowtimeAttribute = Schemas['ShowtimeAttribute'];

/** Every code of the vocabulary, once: a code the enum gains and this lacks fails to compile. */
const EVERY_SHOWTIME_ATTRIBUTE = {
  'open-captions': true,
  'closed-captions': true,
  'audio-description': true,
  'sensory-friendly': true,
  wheelchair: true,
  subtitled: true,
  dubbed: true,
  'original-language': true,
  '3d': true,
  imax: true,
  'dolby-atmos': true,
  premium: true,
} as const satisfies Record<ShowtimeAttribute, true>;

/** The vocabulary, which a cinema's attribute short names map to, in the order the public site shows it. */
export const SHOWTIME_ATTRIBUTES = Object.keys(EVERY_SHOWTIME_ATTRIBUTE) as ShowtimeAttribute[];

/** The points of sale a theater links to, each with a connector that polls it (docs/ingest.md#veezi-connector). */
export const POINT_OF_SALE_PROVIDERS = ['veezi'] as const;

export type PointOfSaleProvider = (typeof POINT_OF_SALE_PROVIDERS)[number];

/**
 * A theater's link to its point of sale: the provider (POINT_OF_SALE_PROVIDERS; one a
 * later version adds is shown as named), the token file it reads in the connector's folder
 * (`tokenFile`; '' or absent: the token uploaded in the studio), and the cinema's own
 * attribute short names with the showtime attribute each means (`{"OC": "open-captions"}`).
 */
export type PointOfSaleLink = Schemas['StudioPointOfSaleLink'];

/**
 * GET .../theaters/{id}/point-of-sale: the theater's link (null: not linked, its schedule
 * pushed through the ingest API), whether an uploaded token is kept (never the token), when
 * and by whom it was uploaded, and how the schedule came in lately: the connector's last
 * poll that brought it in step, its last failure and when, showtimes changed and seat
 * updates in the last hour, and the last change within it. Times RFC 3339, or null.
 */
export type PointOfSaleState = Schemas['StudioPointOfSale'];

/** PUT .../theaters/{id}/point-of-sale's body: the link (null: unlink), and a token to upload with it, write-only. */
export type PointOfSaleSetting = Schemas['StudioPointOfSaleSetting'];

/**
 * One of the site's movies as published (GET .../movies), excluded from the site or not,
 * with the point of sale's facts, which the studio shows but never changes: its id and
 * title (what an event's form chooses from), its release date (YYYY-MM-DD; null when not
 * announced), its runtime in minutes (0: not known), its rating ('' for none) and its
 * poster (`posterUrl`, a path on the site's own host: the point of sale's poster, never the
 * site's override, MovieSiteConfig).
 */
export type StudioMovie = Schemas['StudioMovie'];

/**
 * An image of the site's media library (docs/studio.md#media): its id, the path pages name
 * it by (`path`, `/media/{id}.jpg`, its largest JPEG) and the same on the site's public
 * origin (`url`), its alt text, the name of the file uploaded, its size in pixels, its files'
 * bytes together (`bytes`, every width in JPEG and WebP), its narrowest WebP for lists
 * (`thumbnailUrl`, on the public origin), when (RFC 3339) and by whom it was uploaded.
 */
export type MediaItem = Schemas['StudioMediaItem'];

/** What POST .../media answers: the image kept, its id, its largest JPEG on the site's public origin and its size. */
export type MediaUploaded = Schemas['StudioMediaUploaded'];

/** PATCH .../media/{id}'s body: the library's new alt text of the image. */
export type MediaAlt = Schemas['StudioMediaAlt'];

/**
 * Where the deployment's published store stands (PUBLISH_NATS_URL; docs/studio.md#publishing-
 * of-the-deployment): `connected`, `unreachable` (what is served goes on being served, a
 * revision is stored once it answers), or `off` (not set: each gateway publishes its sites
 * alone). One a later version adds is shown as named.
 */
export const PUBLISHED_STORE_STATUSES = ['connected', 'unreachable', 'off'] as const;

/**
 * The published store: its status (PUBLISHED_STORE_STATUSES), and while connected the bytes
 * its files take and its limit (PUBLISHED_STORE_MB, in bytes); null where not known.
 */
export type PublishedStore = Schemas['StudioPublishedStore'];

/**
 * How a site is published, as `/readyz` says it: `published`, `publishing` (a revision is
 * being rendered), `stale` (some pages' last HTML stands in until they are rendered again),
 * `unavailable` (nothing to serve). One a later version adds is shown as named.
 */
export const SITE_PUBLISHING_STATUSES = ['published', 'publishing', 'stale', 'unavailable'] as const;

/**
 * What the gateway that answered is to a site while the store is on: its `publisher` (it
 * holds the site's lease) or a `replica` (it serves what the publisher stored); null: it
 * publishes the site alone. One a later version adds is shown as named.
 */
export const PUBLISHING_ROLES = ['publisher', 'replica'] as const;

/**
 * One site as the gateway that answered publishes or serves it: its status
 * (SITE_PUBLISHING_STATUSES), the revision its pages are of and when it was published (RFC
 * 3339; both null before the first), its pages and those stale, the catalogue's revision
 * still to publish, the revision last stored for the deployment, the gateway's role
 * (PUBLISHING_ROLES) and what is wrong (null: nothing).
 */
export type SitePublishing = Schemas['StudioSitePublishing'];

/** GET /studio/api/v1/publishing: every site's publishing, and the published store's use. */
export type DeploymentPublishing = Schemas['StudioPublishing'];

/** What POST .../republish answers: the catalogue's new revision, which the site's publisher renders in full. */
export type Republished = Schemas['StudioRepublished'];

/** A refused or failed studio call: the gateway's `{"error": {code, message, field?}}`. */
export class StudioApiError extends ApiError {
  /** The body's field at fault (`name`, `email`), where the error is about one. */
  readonly field: string | undefined;

  constructor(status: number, code: string, message: string, field?: string) {
    super(status, code, message);
    this.name = 'StudioApiError';
    this.field = field;
  }
}

/** No session (or none any more): 401. */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof StudioApiError && error.status === 401;
}

type StudioRequest = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** JSON text, or a form of files (`multipart/form-data`, its boundary in the Content-Type the browser sets). */
  body?: string | FormData;
  signal?: AbortSignal;
};

async function studioFetch(path: string, { headers, ...request }: StudioRequest = {}): Promise<Response> {
  const response = await fetch(`${STUDIO_API}${path}`, {
    ...request,
    // The session is a host-only HttpOnly cookie: the browser sends it, the app never reads it.
    credentials: 'same-origin',
    headers: { Accept: 'application/json', ...headers },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as ApiErrorBody;
    throw new StudioApiError(
      response.status,
      body.error?.code ?? 'http_error',
      body.error?.message ?? response.statusText,
      body.error?.field ?? undefined,
    );
  }
  return response;
}

async function studioGet<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await (await studioFetch(path, { signal })).json()) as T;
}

/** The kinds of JSON body the gateway takes: plain JSON, or a merge patch (RFC 7396) where a call says so. */
type StudioBodyType = 'application/json' | 'application/merge-patch+json';

/**
 * A state-changing call: the gateway takes one only with a JSON body (a DELETE too, `{}`;
 * a PATCH of the draft's site document as a merge patch) and a same-origin `Origin` (which
 * the browser sends with every such call from the page).
 */
async function studioSend(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body: unknown,
  { signal, type = 'application/json' }: { signal?: AbortSignal; type?: StudioBodyType } = {},
): Promise<Response> {
  return studioFetch(path, {
    method,
    headers: { 'Content-Type': type },
    body: JSON.stringify(body),
    signal,
  });
}

/**
 * A change that sends a file (an image to the media library): `multipart/form-data`, the
 * one kind of body the gateway takes besides JSON, and only on its upload routes. The
 * Content-Type is the browser's to set, with the form's boundary in it.
 */
async function studioUpload(method: 'POST' | 'PUT', path: string, form: FormData): Promise<Response> {
  return studioFetch(path, { method, body: form });
}

async function studioPost(path: string, body: unknown, signal?: AbortSignal): Promise<Response> {
  return studioSend('POST', path, body, { signal });
}

async function studioDelete(path: string, body: unknown = {}): Promise<Response> {
  return studioSend('DELETE', path, body);
}

/** `/sites/{siteId}` and what follows it, the site's id encoded. */
function sitePath(siteId: string, rest = ''): string {
  return `/sites/${encodeURIComponent(siteId)}${rest}`;
}

/** The staff member signed in, or null without a session. */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await studioGet<Me>('/me', signal);
  } catch (error) {
    if (isUnauthenticated(error)) return null;
    throw error;
  }
}

/**
 * What the invitation with `token` offers, or null when it cannot be used: unknown, used or
 * expired (401), or a token the gateway does not take at all (400), which is no invitation
 * either to the person holding the link.
 */
export async function getInvitation(token: string, signal?: AbortSignal): Promise<Invitation | null> {
  try {
    return (await (await studioPost('/invitation', { token }, signal)).json()) as Invitation;
  } catch (error) {
    if (error instanceof StudioApiError && (error.status === 401 || error.status === 400)) return null;
    throw error;
  }
}

/** Accepts an invitation: the staff member, now signed in (the session cookie is set). */
export async function acceptInvitation(acceptance: InvitationAcceptance): Promise<Me> {
  return (await (await studioPost('/invitations/accept', acceptance)).json()) as Me;
}

/**
 * Asks for a one-time sign-in link by e-mail (202 whether or not the address is a staff
 * member's, so the answer tells nobody who is staff).
 */
export async function mailSignInLink(email: string): Promise<void> {
  await studioPost('/sign-in/link', { email });
}

/** The ways in besides a passkey that the platform offers; asked without a session. 503: svc-studio is away. */
export async function getSignInMethods(signal?: AbortSignal): Promise<SignInMethods> {
  return studioGet<SignInMethods>('/sign-in/methods', signal);
}

/** Ends the session (204; the cookie is cleared). */
export async function signOut(): Promise<void> {
  await studioPost('/sign-out', {});
}

/**
 * The options of a new passkey's registration (WebAuthn's creation options, in their JSON
 * form), for the person accepting an invitation or the staff member signed in. A 400 names
 * the field at fault (`name`, `email`); 401: the invitation cannot be used, or no session.
 */
export async function getPasskeyCreationOptions(request: PasskeyOptionsRequest): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return (await (await studioPost('/passkeys/options', request)).json()) as PublicKeyCredentialCreationOptionsJSON;
}

/**
 * Registers the credential the browser made from those options (201): the staff member
 * it belongs to, signed in (for an invitation, the session cookie is set now). 400: the
 * studio refused the credential, its message says why.
 */
export async function registerPasskey(registration: PasskeyRegistration): Promise<Me> {
  return (await (await studioPost('/passkeys', registration)).json()) as Me;
}

/** The signed-in staff member's passkeys, newest first. */
export async function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return studioGet<Passkey[]>('/passkeys', signal);
}

/**
 * Removes one of the signed-in staff member's passkeys (204). 404: no such passkey of
 * theirs; 409: it is their last and signing in by e-mail is off, so they would be locked out.
 */
export async function removePasskey(id: string): Promise<void> {
  await studioDelete(`/passkeys/${encodeURIComponent(id)}`);
}

/** The options of a sign-in with any passkey the device holds for the studio (no allowCredentials). */
export async function getPasskeySignInOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return (await (await studioPost('/sign-in/passkey/options', {})).json()) as PublicKeyCredentialRequestOptionsJSON;
}

/**
 * Signs in with the assertion the browser made from those options: the staff member, with
 * the session cookie set. 401: the passkey is not the studio's, or the sign-in took too long.
 */
export async function signInWithPasskey(signIn: PasskeySignIn): Promise<Me> {
  return (await (await studioPost('/sign-in/passkey', signIn)).json()) as Me;
}

/** The sites the signed-in staff member may see (an operator: every site), by id. 503: a service is away. */
export async function getSites(signal?: AbortSignal): Promise<StudioSite[]> {
  return studioGet<StudioSite[]>('/sites', signal);
}

/**
 * Creates a site from a template (201), served on its host names from its first commit: the
 * site, as the list of sites has it. 400 names the field at fault (`id`, `name`, `template`,
 * `hosts`, `publicUrl`); 409 names `id` (a site has it already) or `hosts` (a host name is
 * another site's, named in the message); 422: the template is not installed on this
 * deployment; 403: only operators create sites.
 */
export async function createSite(request: NewSiteRequest): Promise<StudioSite> {
  return (await (await studioPost('/sites', request)).json()) as StudioSite;
}

/**
 * The site with where it is served as set (its own public URL, '' when it has none). 404: a
 * site the caller may not see.
 */
export async function siteDetails(siteId: string, signal?: AbortSignal): Promise<SiteDetails> {
  return studioGet<SiteDetails>(sitePath(siteId), signal);
}

/**
 * Serves the site on the host names and at the public URL the request gives (each field
 * left out is kept): the site as GET .../sites/{siteId} gives it (its `publicUrl` the origin
 * the gateway names, its first host's where it has none of its own; its `ownPublicUrl` as
 * the server normalised it). 400 names the field at fault (`hosts`, `publicUrl`, or one it
 * does not know; a body with neither is refused); 409 names `hosts` (a host name is another
 * site's, named in the message; nothing changed); 403: only operators set where a site is
 * served; 404: no such site.
 */
export async function setSiteAddress(siteId: string, request: SiteAddressRequest): Promise<SiteDetails> {
  return (await (await studioSend('PATCH', sitePath(siteId), request)).json()) as SiteDetails;
}

/**
 * The staff holding a grant on the site (operators, who hold every site, are not listed),
 * by name. 403: the caller may not manage the site's staff; 404: no grant on the site.
 */
export async function getSiteStaff(siteId: string, signal?: AbortSignal): Promise<StaffGrant[]> {
  return studioGet<StaffGrant[]>(sitePath(siteId, '/staff'), signal);
}

/**
 * Removes the staff member's grant on the site and ends every session they have (204).
 * 409: it is the caller's own grant; 404: no such staff member on the site.
 */
export async function removeStaffAccess(siteId: string, staffId: string): Promise<void> {
  await studioDelete(sitePath(siteId, `/staff/${encodeURIComponent(staffId)}`));
}

/** The site's invitations neither accepted nor expired yet, newest first. 403 and 404 as for its staff. */
export async function getPendingInvitations(siteId: string, signal?: AbortSignal): Promise<PendingInvitation[]> {
  return studioGet<PendingInvitation[]>(sitePath(siteId, '/invitations'), signal);
}

/**
 * Invites someone (201): the link is mailed to them, never shown. 400 names the field at
 * fault (`email`, `role`, `siteId`, `theaterIds`); 403: the caller may not give that role
 * (only a site's administrators and operators invite, only operators invite an operator);
 * 404: no grant on the site.
 */
export async function sendInvitation(request: InvitationRequest): Promise<InvitationSent> {
  return (await (await studioPost('/invitations', request)).json()) as InvitationSent;
}

/** `/audit?siteId=...` with the filters given (one left out, or empty, is not sent). */
function auditPath({ siteId, staffId, action, from, to }: AuditFilter): string {
  return buildUrl('/audit', { siteId, staffId, action, from, to });
}

/**
 * The site's audit log, newest first (at most 5,000 entries). 400 names the filter at
 * fault (a time that is not RFC 3339); 403: the caller may not read it (only its
 * administrators and the operators do); 404: no grant on the site.
 */
export async function getAudit(filter: AuditFilter, signal?: AbortSignal): Promise<AuditEntry[]> {
  return studioGet<AuditEntry[]>(auditPath(filter), signal);
}

/**
 * The same entries as a CSV file, which the gateway writes when asked for `text/csv`
 * (a cell that would start a spreadsheet formula begins with an apostrophe). Refused as
 * getAudit is.
 */
export async function getAuditCsv(filter: AuditFilter): Promise<Blob> {
  return (await studioFetch(auditPath(filter), { headers: { Accept: 'text/csv' } })).blob();
}

/** The site's draft: each record it changes, and its publishing at a time. 404: no grant on the site. */
export async function getDraft(siteId: string, signal?: AbortSignal): Promise<Draft> {
  return studioGet<Draft>(sitePath(siteId, '/draft'), signal);
}

/**
 * Empties the site's draft, and drops its publishing at a time (204). 403: the caller's
 * role does not publish (only editors, administrators and operators do).
 */
export async function discardDraft(siteId: string): Promise<void> {
  await studioDelete(sitePath(siteId, '/draft'));
}

/**
 * Publishes the site's draft as one revision now (200), or schedules it for `publishAt`
 * (202; it replaces an earlier schedule). 409: records changed since the draft began
 * changing them, named in the message (send `overwrite` to publish over them); 422: the
 * draft holds no change, or no longer holds with the site; 400 names `publishAt`.
 */
export async function publishDraft(siteId: string, request: PublishRequest): Promise<PublishOutcome> {
  const response = await studioPost(sitePath(siteId, '/draft/publish'), request);
  if (response.status === 202) return { scheduled: true, ...((await response.json()) as PublishScheduled) };
  return { scheduled: false, ...((await response.json()) as Published) };
}

/** The site's document as the draft has it: the published one where the draft leaves it. 404: no grant on the site. */
export async function getDraftSite(siteId: string, signal?: AbortSignal): Promise<SiteDocument> {
  return studioGet<SiteDocument>(sitePath(siteId, '/draft/site'), signal);
}

/**
 * Changes the site's document in the draft by `patch`, a merge patch (RFC 7396) of the
 * fields changed alone: the document as the draft now has it. 400 names the field at fault
 * (`config.theme.palette.primary`); 403: the caller's role does not edit the site's look
 * (only editors, administrators and operators do).
 */
export async function patchDraftSite(siteId: string, patch: MergePatch): Promise<SiteDocument> {
  const response = await studioSend('PATCH', sitePath(siteId, '/draft/site'), patch, { type: 'application/merge-patch+json' });
  return (await response.json()) as SiteDocument;
}

/** The revisions that changed the site's editable records, newest first (at most 200). */
export async function getRevisions(siteId: string, signal?: AbortSignal): Promise<Revision[]> {
  return studioGet<Revision[]>(sitePath(siteId, '/revisions'), signal);
}

/**
 * Publishes an earlier revision's records again, as a new revision (the history is never
 * rewritten): the new one. 422: it no longer holds with the site (an event at a theater
 * removed since), its message says why; 403 as for publishing.
 */
export async function restoreRevision(siteId: string, revision: string): Promise<Published> {
  return (await (await studioPost(sitePath(siteId, `/revisions/${encodeURIComponent(revision)}/restore`), {})).json()) as Published;
}

/**
 * The address, on the site's own host, of the page at `path` (`/`, `/movies/`) as it will
 * be once the draft is published: rendered like the published pages, for an hour. 404:
 * no grant on the site; 400 names `path`.
 */
export async function getPreviewAddress(siteId: string, path: string, signal?: AbortSignal): Promise<string> {
  const address = await studioGet<PreviewAddress>(sitePath(siteId, `/preview?path=${encodeURIComponent(path)}`), signal);
  return address.url;
}

/**
 * The site's ingest keys in use, oldest first, without their text. 403: the caller may not
 * manage them (only its administrators and the operators do); 404: no grant on the site.
 */
export async function getIngestKeys(siteId: string, signal?: AbortSignal): Promise<IngestKey[]> {
  return studioGet<IngestKey[]>(sitePath(siteId, '/ingest-keys'), signal);
}

/**
 * Makes an ingest key for the site (201): with its text, which is never shown again (the
 * platform keeps its SHA-256 alone). 400 names `label`; 403 and 404 as for the keys.
 */
export async function createIngestKey(siteId: string, request: IngestKeyRequest): Promise<IngestKeyCreated> {
  return (await (await studioPost(sitePath(siteId, '/ingest-keys'), request)).json()) as IngestKeyCreated;
}

/**
 * Revokes one of the site's ingest keys (204): the ingest API refuses every write with it
 * from then on. 404: no such key in use; 403 as for the keys.
 */
export async function revokeIngestKey(siteId: string, keyId: string): Promise<void> {
  await studioDelete(sitePath(siteId, `/ingest-keys/${encodeURIComponent(keyId)}`));
}

/** `/sites/{siteId}/members/{memberId}` and what follows it, both ids encoded. */
function memberPath(siteId: string, memberId: string, rest = ''): string {
  return sitePath(siteId, `/members/${encodeURIComponent(memberId)}${rest}`);
}

/**
 * The site's members of an exact e-mail address or card number (none, or one): for its
 * member support, its administrators and the operators, each call audited. 400 names the
 * lookup at fault (`email`, `card`); 403: the caller's role may not support members; 404:
 * no grant on the site; 429: more than 30 member-support calls in a minute by the caller.
 */
export async function findMembers(siteId: string, lookup: MemberLookup, signal?: AbortSignal): Promise<StudioMember[]> {
  return studioGet<StudioMember[]>(buildUrl(sitePath(siteId, '/members'), lookup), signal);
}

/** Lifts the member's lockout or block (they may sign in at once): the member after. Refused as findMembers is; 404: no such member. */
export async function unlockMember(siteId: string, memberId: string): Promise<StudioMember> {
  return (await (await studioPost(memberPath(siteId, memberId, '/unlock'), {})).json()) as StudioMember;
}

/** Mails the member a new activation code: the member. 422: they are activated already; refused otherwise as unlockMember is. */
export async function sendActivation(siteId: string, memberId: string): Promise<StudioMember> {
  return (await (await studioPost(memberPath(siteId, memberId, '/activation'), {})).json()) as StudioMember;
}

/**
 * Mails the member a link to choose a new password (staff never see one): the member.
 * Refused as unlockMember is.
 */
export async function sendPasswordReset(siteId: string, memberId: string): Promise<StudioMember> {
  return (await (await studioPost(memberPath(siteId, memberId, '/password-reset'), {})).json()) as StudioMember;
}

/**
 * Deletes the member's account and what is kept about them (204), saying why (the reason
 * stays in the audit log). 400 names `reason`; refused otherwise as unlockMember is.
 */
export async function deleteMember(siteId: string, memberId: string, reason: string): Promise<void> {
  const deletion: StudioMemberDeletion = { reason };
  await studioDelete(memberPath(siteId, memberId), deletion);
}

/** `/sites/{siteId}/draft/pages/{slug}`, both encoded. */
function draftPagePath(siteId: string, slug: string): string {
  return sitePath(siteId, `/draft/pages/${encodeURIComponent(slug)}`);
}

/** The site's pages as its draft has them, in the site's order: those it adds, changes and removes with those it leaves. 404: no grant on the site. */
export async function getDraftPages(siteId: string, signal?: AbortSignal): Promise<DraftPage[]> {
  return studioGet<DraftPage[]>(sitePath(siteId, '/draft/pages'), signal);
}

/** The page at `slug` as the draft has it. 404: no such page in the draft (or one it removes), or no grant on the site. */
export async function getDraftPage(siteId: string, slug: string, signal?: AbortSignal): Promise<PageRecord> {
  return studioGet<PageRecord>(draftPagePath(siteId, slug), signal);
}

/**
 * Writes the page at `page.slug` to the draft, whole (a new page, or the page replaced):
 * the page as the draft now has it, in the shape GET answers it (a `PageRecord`). 400 names the field at fault (`slug`: it would shadow
 * one of the site's routes; `title`; `seoDescription`; `seoImage`; `unpublishAt`; inside
 * the body, `blocks[3].text[0].link`, `blocks[2].alt`, `blocks[5].type`); 403: the
 * caller's role does not edit pages (only editors, administrators and operators do).
 */
export async function saveDraftPage(siteId: string, page: PageRecord & { slug: string }): Promise<PageRecord> {
  const response = await studioSend('PUT', draftPagePath(siteId, page.slug), page);
  return (await response.json()) as PageRecord;
}

/** Removes the page from the site in the draft (its publishing takes it off the site): 204, no body. 403 as for saving; 404: no such page. */
export async function removeDraftPage(siteId: string, slug: string): Promise<void> {
  await studioDelete(draftPagePath(siteId, slug));
}

/** `/sites/{siteId}/draft/events/{id}`, both encoded. */
function draftEventPath(siteId: string, id: string): string {
  return sitePath(siteId, `/draft/events/${encodeURIComponent(id)}`);
}

/** The site's events as its draft has them: those it adds, changes and removes with those it leaves. 404: no grant on the site. */
export async function getDraftEvents(siteId: string, signal?: AbortSignal): Promise<DraftEvent[]> {
  return studioGet<DraftEvent[]>(sitePath(siteId, '/draft/events'), signal);
}

/** The event `id` as the draft has it. 404: no such event in the draft (or one it removes), or no grant on the site. */
export async function getDraftEvent(siteId: string, id: string, signal?: AbortSignal): Promise<EventRecord> {
  return studioGet<EventRecord>(draftEventPath(siteId, id), signal);
}

/**
 * Writes the event `event.id` to the draft, whole (a new event, or the event replaced): the
 * event as the draft now has it, in the shape GET answers it. 400 names the field at fault
 * (`title`, `slug`, `startsAt`, `image`, `bookingUrl`, `unpublishAt`...); 422: a theater or
 * movie the site does not have; 403: the caller's role does not edit events (editors,
 * administrators and operators do, and a theater manager at their own theaters).
 */
export async function saveDraftEvent(siteId: string, event: EventRecord & { id: string }): Promise<EventRecord> {
  const response = await studioSend('PUT', draftEventPath(siteId, event.id), event);
  return (await response.json()) as EventRecord;
}

/** Removes the event from the site in the draft (its publishing takes it off the site): 204, no body. 403 as for saving; 404: no such event. */
export async function removeDraftEvent(siteId: string, id: string): Promise<void> {
  await studioDelete(draftEventPath(siteId, id));
}

/** `/sites/{siteId}/draft/theaters/{id}`, both encoded. */
function draftTheaterPath(siteId: string, id: string): string {
  return sitePath(siteId, `/draft/theaters/${encodeURIComponent(id)}`);
}

/** The site's theaters as its draft has them, in the site's order, each with where it stands. Every role on the site reads them. 404: no grant on the site. */
export async function getDraftTheaters(siteId: string, signal?: AbortSignal): Promise<DraftTheater[]> {
  return studioGet<DraftTheater[]>(sitePath(siteId, '/draft/theaters'), signal);
}

/** The theater `id` as the draft describes it. Every role on the site reads it. 404: the site has no such theater, or no grant on the site. */
export async function getDraftTheater(siteId: string, id: string, signal?: AbortSignal): Promise<TheaterDetails> {
  return studioGet<TheaterDetails>(draftTheaterPath(siteId, id), signal);
}

/**
 * Writes the descriptive fields of the theater `id` to the draft, whole (`details`, without
 * its id and name, which are the point of sale's): the theater as the draft now describes
 * it. 400 names the field at fault (`openingHours[0].opens`, `openingHours[2].days`,
 * `parking`, `timeZone`, `latitude`...); 403: the caller's role does not describe
 * this theater (administrators and operators do, and its own theater managers; editors
 * read it); 404: the site has no such theater.
 */
export async function saveDraftTheater(siteId: string, id: string, details: TheaterDetails): Promise<TheaterDetails> {
  const response = await studioSend('PUT', draftTheaterPath(siteId, id), details);
  return (await response.json()) as TheaterDetails;
}

/** The site's theaters as published, in the site's order. Every role on the site reads them. 404: no grant on the site. */
export async function getSiteTheaters(siteId: string, signal?: AbortSignal): Promise<StudioTheater[]> {
  return studioGet<StudioTheater[]>(sitePath(siteId, '/theaters'), signal);
}

/** `/sites/{siteId}/theaters/{theaterId}/point-of-sale`, both ids encoded. */
function pointOfSalePath(siteId: string, theaterId: string): string {
  return sitePath(siteId, `/theaters/${encodeURIComponent(theaterId)}/point-of-sale`);
}

/** The theater's point of sale, its link and how its schedule came in lately. Every role on the site reads it. 404: no such theater, or no grant on the site. */
export async function getPointOfSale(siteId: string, theaterId: string, signal?: AbortSignal): Promise<PointOfSaleState> {
  return studioGet<PointOfSaleState>(pointOfSalePath(siteId, theaterId), signal);
}

/**
 * Links the theater to its point of sale, or unlinks it (`link` null, which forgets the
 * token uploaded too), at once: not through the draft. The token, if sent, is kept for the
 * connector and never answered back. Answers the point of sale as now set. 400 names the
 * field at fault (`token`: needed to link with none kept and no token file, or not one
 * line; `link.provider`; `link.attributes.OC`, a code not in the vocabulary; `link`, a
 * token without a link); 403: the caller's role does not change this theater (its
 * administrators and the operators do, and its own theater managers); 404: no such theater.
 */
export async function setPointOfSale(siteId: string, theaterId: string, setting: PointOfSaleSetting): Promise<PointOfSaleState> {
  const response = await studioSend('PUT', pointOfSalePath(siteId, theaterId), setting);
  return (await response.json()) as PointOfSaleState;
}

/**
 * Every movie of the site as published, those excluded from it too, in the point of sale's
 * order (the site's own order is its document's `movieOrderIndex`). Every role on the site
 * reads them. 404: no grant on the site.
 */
export async function getSiteMovies(siteId: string, signal?: AbortSignal): Promise<StudioMovie[]> {
  return studioGet<StudioMovie[]>(sitePath(siteId, '/movies'), signal);
}

/** `/sites/{siteId}/media/{id}` and what follows it, both ids encoded. */
function mediaPath(siteId: string, id: string, rest = ''): string {
  return sitePath(siteId, `/media/${encodeURIComponent(id)}${rest}`);
}

/**
 * The site's media library, newest first: every image, or those whose alt text or file
 * name holds the words of `q` (case ignored; empty: every image). Every role on the site
 * reads it. 404: no grant on the site.
 */
export async function getMedia(siteId: string, q: string, signal?: AbortSignal): Promise<MediaItem[]> {
  return studioGet<MediaItem[]>(buildUrl(sitePath(siteId, '/media'), { q }), signal);
}

/**
 * Adds an image to the site's library (201), described by `alt`: the site publishes its
 * files within seconds. 400 names `file` (not a JPEG, PNG or WebP image, or not the one its
 * type says; an SVG; over 40 megapixels) or `alt` (empty, over 500 characters, a line
 * break); 413: over 10 MiB (no field: the file's); 422: the site's share of the store is
 * full; 403: the caller's role does not edit content (only editors, administrators and
 * operators do).
 */
export async function uploadMedia(siteId: string, file: File, alt: string): Promise<MediaUploaded> {
  const form = new FormData();
  form.append('file', file);
  form.append('alt', alt);
  return (await (await studioUpload('POST', sitePath(siteId, '/media'), form)).json()) as MediaUploaded;
}

/**
 * Puts `file` in place of the image's (its id, path and alt text stay, so every page naming
 * it shows the new one once published): the image after. Refused as uploadMedia is (400
 * naming `file`, 413); 404: no such image.
 */
export async function replaceMediaFile(siteId: string, id: string, file: File): Promise<MediaItem> {
  const form = new FormData();
  form.append('file', file);
  return (await (await studioUpload('PUT', mediaPath(siteId, id, '/file'), form)).json()) as MediaItem;
}

/**
 * Changes the library's alt text of the image (a page keeps the alt text its block was
 * given): the image after. 400 names `alt`; 403 as for uploading; 404: no such image.
 */
export async function describeMedia(siteId: string, id: string, alt: string): Promise<MediaItem> {
  const request: MediaAlt = { alt };
  return (await (await studioSend('PATCH', mediaPath(siteId, id), request)).json()) as MediaItem;
}

/**
 * Removes an image from the library (204): its files leave the site at the next publish.
 * 422: a record names it, published or in the draft, the message saying which (`the image
 * is in use: the draft's page lobby`); 403 as for uploading; 404: no such image.
 */
export async function deleteMedia(siteId: string, id: string): Promise<void> {
  await studioDelete(mediaPath(siteId, id));
}

/**
 * How every site of the deployment is published, as the gateway that answers publishes or
 * serves it, and the published store's use. 403: only operators read it.
 */
export async function getPublishing(signal?: AbortSignal): Promise<DeploymentPublishing> {
  return studioGet<DeploymentPublishing>('/publishing', signal);
}

/**
 * Publishes the site again in full (202): a new revision of the same content, every page of
 * which its publisher renders again, reusing nothing of the last (after a renderer or
 * template upgrade, or pages left stale); it takes from seconds to minutes, and
 * getPublishing shows the new revision once published. 403: only operators publish a site
 * again; 404: no such site; 503: a service is away, nothing changed.
 */
export async function republishSite(siteId: string): Promise<Republished> {
  return (await (await studioPost(sitePath(siteId, '/republish'), {})).json()) as Republished;
}
