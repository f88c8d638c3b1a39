// The studio's query keys (TkDodo's factories): every key starts with `all`, so signing out
// removes every answer a staff member was given at once.
import type { AuditFilter, MemberLookup } from '../api';

export const studioKeys = {
  all: ['studio'] as const,
  me: () => [...studioKeys.all, 'me'] as const,
  invitations: () => [...studioKeys.all, 'invitation'] as const,
  invitation: (token: string) => [...studioKeys.invitations(), token] as const,
  passkeys: () => [...studioKeys.all, 'passkeys'] as const,
  /** The ways in besides a passkey that the platform offers, read on the sign-in screen. */
  signInMethods: () => [...studioKeys.all, 'sign-in-methods'] as const,
  /** The sites the staff member may see. */
  sites: () => [...studioKeys.all, 'sites'] as const,
  /** The deployment's publishing: every site's, as the gateway that answers sees it, and the published store's use (an operator's). */
  publishing: () => [...studioKeys.all, 'publishing'] as const,
  /** One site with where it is served as set (its own public URL): what the form of where it is served starts from. */
  siteDetails: (siteId: string) => [...studioKeys.all, 'site-details', siteId] as const,
  /**
   * What the studio was told of one site (its staff, its invitations, its audit log, its
   * draft with its document, pages, events and theaters, its history, its ingest keys, its members
   * found, its media library, its theaters with their points of sale, and its movies).
   */
  site: (siteId: string) => [...studioKeys.all, 'site', siteId] as const,
  siteStaff: (siteId: string) => [...studioKeys.site(siteId), 'staff'] as const,
  siteInvitations: (siteId: string) => [...studioKeys.site(siteId), 'invitations'] as const,
  /** Every read of the site's audit log, whatever its filter: what a change the staff make invalidates. */
  siteAudit: (siteId: string) => [...studioKeys.site(siteId), 'audit'] as const,
  siteAuditEntries: (filter: AuditFilter) => [...studioKeys.siteAudit(filter.siteId), filter] as const,
  /** The site's draft: the records it changes, and its publishing at a time. */
  siteDraft: (siteId: string) => [...studioKeys.site(siteId), 'draft'] as const,
  /** The site's document as the draft has it: under the draft's key, so what invalidates the draft invalidates it too. */
  siteDraftDocument: (siteId: string) => [...studioKeys.siteDraft(siteId), 'site'] as const,
  /** The site's pages as the draft has them: under the draft's key, so what invalidates the draft (a publishing, a discard) invalidates them too. */
  siteDraftPages: (siteId: string) => [...studioKeys.siteDraft(siteId), 'pages'] as const,
  /** One page as the draft has it, by its slug. */
  siteDraftPage: (siteId: string, slug: string) => [...studioKeys.siteDraftPages(siteId), slug] as const,
  /** The site's events as the draft has them: under the draft's key, as its pages are. */
  siteDraftEvents: (siteId: string) => [...studioKeys.siteDraft(siteId), 'events'] as const,
  /** One event as the draft has it, by its id. */
  siteDraftEvent: (siteId: string, id: string) => [...studioKeys.siteDraftEvents(siteId), id] as const,
  /** The site's theaters as the draft has them: under the draft's key, as its pages and events are. */
  siteDraftTheaters: (siteId: string) => [...studioKeys.siteDraft(siteId), 'theaters'] as const,
  /** One theater as the draft describes it, by its id. */
  siteDraftTheater: (siteId: string, id: string) => [...studioKeys.siteDraftTheaters(siteId), id] as const,
  /** The addresses of the draft's preview: under the draft's key, so what invalidates the draft gives a new one (the frame shows the draft again). */
  sitePreviews: (siteId: string) => [...studioKeys.siteDraft(siteId), 'preview'] as const,
  sitePreview: (siteId: string, path: string) => [...studioKeys.sitePreviews(siteId), path] as const,
  /**
   * Every theater's point of sale (its link and health), outside the draft's key: a change
   * to it takes effect at once, and publishing or discarding the draft leaves it alone.
   */
  sitePointsOfSale: (siteId: string) => [...studioKeys.site(siteId), 'point-of-sale'] as const,
  /** One theater's point of sale, by the theater's id. */
  sitePointOfSale: (siteId: string, theaterId: string) => [...studioKeys.sitePointsOfSale(siteId), theaterId] as const,
  /** The site's theaters as published, which an event's form chooses from. */
  siteTheaters: (siteId: string) => [...studioKeys.site(siteId), 'theaters'] as const,
  /**
   * Every movie of the site as published, those it keeps off the site too, with the point of
   * sale's facts (release date, runtime, rating, poster): what an event's form chooses from,
   * and what the movies screen orders.
   */
  siteMovies: (siteId: string) => [...studioKeys.site(siteId), 'movies'] as const,
  /** The site's history: its revisions, newest first. */
  siteRevisions: (siteId: string) => [...studioKeys.site(siteId), 'revisions'] as const,
  /** The site's ingest keys in use, oldest first. */
  siteIngestKeys: (siteId: string) => [...studioKeys.site(siteId), 'ingest-keys'] as const,
  /** Every search of the site's members: what an action on a member updates. */
  siteMembers: (siteId: string) => [...studioKeys.site(siteId), 'members'] as const,
  /** The members of one lookup (null: none asked for yet). */
  siteMemberSearch: (siteId: string, lookup: MemberLookup | null) => [...studioKeys.siteMembers(siteId), lookup] as const,
  /** Every read of the site's media library, whatever its search: what an upload, a replacement, a description or a deletion invalidates. */
  siteMedia: (siteId: string) => [...studioKeys.site(siteId), 'media'] as const,
  /** The images of one search (`q` trimmed; '': every image). */
  siteMediaSearch: (siteId: string, q: string) => [...studioKeys.siteMedia(siteId), q] as const,
};
