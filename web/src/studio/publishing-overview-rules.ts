// How the studio reads and words the deployment's publishing (docs/studio.md#publishing-of-
// the-deployment), the operators' screen: the published store's use in megabytes or
// gigabytes and as a share of its limit, each site's status and the gateway's role in
// words, the sites that need attention first, and what is said of a site published again
// or of a call that failed. A status or a role this version does not know is shown as
// named.
import { ApiError } from '@/lib/api-client';
import type { Translate } from '@/rules/format-message';
import { PUBLISHED_STORE_STATUSES, PUBLISHING_ROLES, SITE_PUBLISHING_STATUSES, type PublishedStore, type SitePublishing, type StudioSite } from './api';
import { shortRevision } from './publishing-rules';

/** A megabyte as PUBLISHED_STORE_MB counts it (the gateway's limit is MB × 1024 × 1024). */
const MEGABYTE = 1024 * 1024;
const GIGABYTE = 1024 * MEGABYTE;

/** From this share of its limit the store is nearly full: past the limit no revision is stored. */
const NEARLY_FULL = 0.9;

function unitFormat(locale: string, unit: 'megabyte' | 'gigabyte', options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', ...options });
}

/**
 * "312.5 MB", "1.5 GB": the bytes the store's files take, or its limit, in megabytes below
 * a gigabyte (less than one to two significant digits, "0.029 MB", so a store in use never
 * reads as empty) and in gigabytes from one, in the staff member's language.
 */
export function storeSize(locale: string, bytes: number): string {
  if (bytes >= GIGABYTE) return unitFormat(locale, 'gigabyte', { maximumFractionDigits: 1 }).format(bytes / GIGABYTE);
  const megabytes = bytes / MEGABYTE;
  const digits: Intl.NumberFormatOptions = megabytes > 0 && megabytes < 1 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 1 };
  return unitFormat(locale, 'megabyte', digits).format(megabytes);
}

/**
 * "31%": the share of its limit the store's files take, to the percent (below one percent
 * to one significant digit, "0.3%"); undefined without a limit to share.
 */
export function storeShare(locale: string, bytes: number, limitBytes: number): string | undefined {
  if (limitBytes <= 0) return undefined;
  const share = bytes / limitBytes;
  const digits: Intl.NumberFormatOptions = share > 0 && share < 0.01 ? { maximumSignificantDigits: 1 } : { maximumFractionDigits: 0 };
  return new Intl.NumberFormat(locale, { style: 'percent', ...digits }).format(share);
}

/** Whether the store's files take 90% of its limit or more: soon no new revision is stored. */
export function storeNearlyFull(store: Pick<PublishedStore, 'bytes' | 'limitBytes'>): boolean {
  return store.bytes !== null && store.limitBytes !== null && store.limitBytes > 0 && store.bytes / store.limitBytes >= NEARLY_FULL;
}

function isKnown(known: readonly string[], value: string): boolean {
  return known.includes(value);
}

/**
 * The store in a sentence: "Connected: 312.5 MB of 1 GB used (31%).", what is known of its
 * use while connected; "Unreachable: …"; "Off: each gateway publishes its sites alone.". A
 * status this version does not know, as named.
 */
export function storeText(t: Translate, store: PublishedStore): string {
  if (!isKnown(PUBLISHED_STORE_STATUSES, store.status)) return store.status;
  if (store.status !== 'connected') return t(`studio.publishingOverview.store.${store.status}`);
  const { bytes, limitBytes } = store;
  const limit = limitBytes === null ? undefined : storeSize(t.locale, limitBytes);
  if (bytes === null) {
    return limit === undefined ? t('studio.publishingOverview.store.connected') : t('studio.publishingOverview.store.connected.limit', { limit });
  }
  const used = storeSize(t.locale, bytes);
  const share = limitBytes === null ? undefined : storeShare(t.locale, bytes, limitBytes);
  if (limit === undefined || share === undefined) return t('studio.publishingOverview.store.connected.used', { used });
  return t('studio.publishingOverview.store.connected.use', { used, limit, share });
}

/** "Published", "Publishing", "Stale", "Unavailable": a site's status as a word; one this version does not know, as named. */
export function publishingStatusName(t: Translate, status: string): string {
  return isKnown(SITE_PUBLISHING_STATUSES, status) ? t(`studio.publishingOverview.status.${status}`) : status;
}

/** "Publisher", "Replica", or "Publishes alone" (null: no store to share the work through); one this version does not know, as named. */
export function publishingRoleName(t: Translate, role: string | null): string {
  if (role === null) return t('studio.publishingOverview.role.alone');
  return isKnown(PUBLISHING_ROLES, role) ? t(`studio.publishingOverview.role.${role}`) : role;
}

/**
 * How soon a site wants an operator's look, first to last: 0, something is wrong (a
 * problem named, or nothing to serve); 1, pages stale; 2, publishing (and a status this
 * version does not know); 3, published.
 */
export function attentionRank(site: Pick<SitePublishing, 'status' | 'problem' | 'stalePages'>): number {
  if (site.problem || site.status === 'unavailable') return 0;
  if (site.status === 'stale' || site.stalePages > 0) return 1;
  if (site.status === 'published') return 3;
  return 2;
}

/** A site that wants an operator's look: a problem, nothing to serve, or pages stale. */
export function needsAttention(site: Pick<SitePublishing, 'status' | 'problem' | 'stalePages'>): boolean {
  return attentionRank(site) <= 1;
}

/** A site's publishing with the name it goes by: the sites list's, else its id. */
export type PublishingRow = SitePublishing & { name: string };

/**
 * The sites as the table lists them, each named as the sites list names it (its id where
 * the list is not there, or lacks it): those that want a look first (attentionRank), then
 * by name in the staff member's language, then by id.
 */
export function publishingRows(
  sites: readonly SitePublishing[],
  known: readonly Pick<StudioSite, 'id' | 'name'>[] | undefined,
  locale: string,
): PublishingRow[] {
  const names = new Map(known?.map((site) => [site.id, site.name]));
  const collator = new Intl.Collator(locale, { numeric: true });
  return sites
    .map((site) => ({ ...site, name: names.get(site.siteId) ?? site.siteId }))
    .sort(
      (a, b) =>
        attentionRank(a) - attentionRank(b) ||
        collator.compare(a.name, b.name) ||
        (a.siteId < b.siteId ? -1 : a.siteId > b.siteId ? 1 : 0),
    );
}

/**
 * What is said of a call that failed, in the words of `messages`: its `.forbidden`, only
 * operators may (403); `.unavailable`, the studio's service is away (503); `.refused`, the
 * studio's refusal in its own words (another 4xx); `.failed`, no answer, or the server's
 * failure.
 */
function failureText(t: Translate, error: unknown, messages: string, values: Record<string, string> = {}): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return t(`${messages}.forbidden`, values);
    if (error.status === 503) return t(`${messages}.unavailable`, values);
    if (error.status < 500) return t(`${messages}.refused`, { ...values, message: error.message });
  }
  return t(`${messages}.failed`, values);
}

/** What is said of a site's publishing again that failed, the site by its name. */
export function republishFailureText(t: Translate, error: unknown, site: string): string {
  return failureText(t, error, 'studio.publishingOverview.republish', { site });
}

/** What is said when the table could not be brought up to date (it shows the last answer). */
export function refreshFailureText(t: Translate, error: unknown): string {
  return failureText(t, error, 'studio.publishingOverview.refresh');
}

/** "Asked for: revision 3f9a0c1e of Marquee Cinemas will be rendered, every page again. …" */
export function republishedText(t: Translate, site: string, revision: string): string {
  return t('studio.publishingOverview.republished', { site, revision: shortRevision(revision) });
}
