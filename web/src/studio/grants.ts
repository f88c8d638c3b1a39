// How the studio words a grant: a role's name (capitalised, or within a sentence) and the
// theaters it is limited to; and what the grants the staff member holds let them do on a
// site, which the screens read to hide what the server would refuse (svc-studio decides).
// A role this version does not know is shown as the API names it.
import type { Translate } from '@/rules/format-message';
import { STUDIO_ROLES, type Grant, type StudioRole } from './api';

function isKnownRole(role: string): boolean {
  return (STUDIO_ROLES as readonly string[]).includes(role);
}

/** "Theater manager" (a list's label) or "theater manager" (within a sentence). */
export function roleName(t: Translate, role: string, within: 'label' | 'sentence' = 'label'): string {
  if (!isKnownRole(role)) return role;
  return t(within === 'label' ? `studio.role.${role}` : `studio.roleInSentence.${role}`);
}

/** "101, 102 and 103", in the studio's language. */
export function theaterList(locale: string, theaterIds: readonly string[]): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(theaterIds);
}

/** The grants that apply to the site: an operator's (every site's) and those given on it. */
export function grantsOnSite(grants: readonly Grant[], siteId: string): Grant[] {
  return grants.filter((grant) => (grant.role === 'operator' && grant.siteId === null) || grant.siteId === siteId);
}

/** An operator: every site's, and the deployment's (DESIGN.md section 13). */
function isOperator(grants: readonly Grant[]): boolean {
  return grants.some((grant) => grant.role === 'operator' && grant.siteId === null);
}

/** Who creates sites, with their host names and public URL (svc-studio's ManageSites): the operators alone. */
export const mayCreateSites = isOperator;

/** Who changes where a site is served, its host names and public URL (svc-studio's ManageSites too): the operators alone. */
export const maySetSiteAddress = isOperator;

/**
 * Who sees how every site of the deployment is published (the published store's use, each
 * site's revision and stale pages) and publishes a site again in full (svc-studio's
 * operator check): the operators alone.
 */
export const maySeePublishing = isOperator;

/** An operator, or an administrator of the site. */
function administers(grants: readonly Grant[], siteId: string): boolean {
  return grantsOnSite(grants, siteId).some((grant) => grant.role === 'operator' || grant.role === 'admin');
}

/** Who sees and manages the site's staff, and invites: an operator, or an administrator of the site. */
export const mayManageStaff = administers;

/** Who reads the site's audit log (svc-studio's ReadAudit): an operator, or an administrator of the site. */
export const mayReadAudit = administers;

/**
 * Who makes and revokes the site's ingest keys, with which its point of sale writes its
 * schedule (svc-studio's ManageKeys): an operator, or an administrator of the site.
 */
export const mayManageKeys = administers;

/**
 * Who supports the site's members (svc-studio's SupportMembers): finds one by e-mail address
 * or card number, unlocks them, mails them an activation code or a password reset link
 * again, deletes their account. An operator, or member support or an administrator of the site.
 */
export function maySupportMembers(grants: readonly Grant[], siteId: string): boolean {
  return grantsOnSite(grants, siteId).some((grant) => grant.role === 'operator' || grant.role === 'admin' || grant.role === 'support');
}

/**
 * An operator, or an administrator or editor of the site: the roles that change what the
 * site shows. svc-studio grants them its Publish, EditLook and EditContent alike.
 */
function editsSite(grants: readonly Grant[], siteId: string): boolean {
  return grantsOnSite(grants, siteId).some((grant) => grant.role === 'operator' || grant.role === 'admin' || grant.role === 'editor');
}

/**
 * Who publishes the site's draft (now or at a time), discards it and restores a revision
 * (svc-studio's Publish). Every role on the site reads the draft and the history.
 */
export const mayPublish = editsSite;

/** Who changes the site's look and settings in the draft (svc-studio's EditLook). Every role on the site reads them. */
export const mayEditLook = editsSite;

/**
 * Who adds, changes and removes the site's content in the draft: its pages, its events
 * (and a theater manager those of their theaters: eventTheaters) and its media,
 * svc-studio's EditContent. Every role on the site reads them.
 */
export const mayEditContent = editsSite;

/**
 * The theaters whose events the staff member adds, changes and removes in the site's draft:
 * `every` for those who edit its content (mayEditContent), the theaters their grants name
 * for a theater manager, none for anyone else. svc-studio decides; the screens read it to
 * offer a theater manager their own theaters alone.
 */
export function eventTheaters(grants: readonly Grant[], siteId: string): 'every' | string[] {
  return editsSite(grants, siteId) ? 'every' : managedTheaters(grants, siteId);
}

/** The theaters of the site the staff member's theater-manager grants name, each once. */
function managedTheaters(grants: readonly Grant[], siteId: string): string[] {
  const managed = grantsOnSite(grants, siteId)
    .filter((grant) => grant.role === 'theater-manager')
    .flatMap((grant) => grant.theaterIds);
  return [...new Set(managed)];
}

/** Who adds events to the site's draft: those who edit its content, and a theater manager of any of its theaters. */
export function mayEditEvents(grants: readonly Grant[], siteId: string): boolean {
  const theaters = eventTheaters(grants, siteId);
  return theaters === 'every' || theaters.length > 0;
}

/** Who changes and removes an event of the site's draft at `theaterId`: those who edit its content, and that theater's manager. */
export function mayEditEventAt(grants: readonly Grant[], siteId: string, theaterId: string): boolean {
  const theaters = eventTheaters(grants, siteId);
  return theaters === 'every' || theaters.includes(theaterId);
}

/**
 * The theaters whose descriptive fields (address, contact, opening hours, parking,
 * accessibility, amenities, time zone) the staff member changes in the site's draft
 * (svc-studio's EditTheater): `every` for an operator or an administrator of the site, the
 * theaters their grants name for a theater manager, none for anyone else (an editor reads
 * them, as every role on the site does).
 */
export function describedTheaters(grants: readonly Grant[], siteId: string): 'every' | string[] {
  return administers(grants, siteId) ? 'every' : managedTheaters(grants, siteId);
}

/** Who changes the descriptive fields of any of the site's theaters: an operator, an administrator of the site, a theater manager of one of its theaters. */
export function mayEditTheaters(grants: readonly Grant[], siteId: string): boolean {
  const theaters = describedTheaters(grants, siteId);
  return theaters === 'every' || theaters.length > 0;
}

/** Who changes the descriptive fields of the site's theater `theaterId`: an operator, an administrator of the site, and that theater's managers. */
export function mayEditTheater(grants: readonly Grant[], siteId: string, theaterId: string): boolean {
  const theaters = describedTheaters(grants, siteId);
  return theaters === 'every' || theaters.includes(theaterId);
}

/**
 * Who links the site's theater `theaterId` to its point of sale, uploads its token and
 * unlinks it (svc-studio's EditTheater, as its descriptive fields): an operator, an
 * administrator of the site, and that theater's managers. Every role on the site reads the
 * link and its health.
 */
export const maySetPointOfSale = mayEditTheater;

/**
 * The roles the staff member may invite someone to on the site: every role for an
 * operator, every role but operator for an administrator of the site, none otherwise.
 */
export function grantableRoles(grants: readonly Grant[], siteId: string): StudioRole[] {
  if (isOperator(grants)) return [...STUDIO_ROLES];
  if (mayManageStaff(grants, siteId)) return STUDIO_ROLES.filter((role) => role !== 'operator');
  return [];
}
