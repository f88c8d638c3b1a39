import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { createTranslate } from '@/rules/format-message';
import { StudioApiError, type PublishedStore, type SitePublishing } from './api';
import { en } from './messages/en';
import {
  attentionRank,
  needsAttention,
  publishingRoleName,
  publishingRows,
  publishingStatusName,
  refreshFailureText,
  republishFailureText,
  republishedText,
  storeNearlyFull,
  storeShare,
  storeSize,
  storeText,
} from './publishing-overview-rules';

const t = createTranslate('en', en);

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** A site published and in step, as the gateway's publisher of it tells. */
function site(siteId: string, changes: Partial<SitePublishing> = {}): SitePublishing {
  return {
    siteId,
    status: 'published',
    revision: '3f9a0c1e2b7d4a5c6e8f9012',
    publishedAt: '2026-12-04T09:30:00Z',
    pages: 120,
    stalePages: 0,
    pendingRevision: null,
    storedRevision: '3f9a0c1e2b7d4a5c6e8f9012',
    role: 'publisher',
    problem: null,
    ...changes,
  };
}

describe("the published store's use", () => {
  it.each([
    [0, '0 MB'],
    [30_000, '0.029 MB'],
    [MB, '1 MB'],
    [312.5 * MB, '312.5 MB'],
    [1023.5 * MB, '1,023.5 MB'],
    [GB, '1 GB'],
    [1.25 * GB, '1.3 GB'],
    [4 * GB, '4 GB'],
  ])('%d bytes are %j, in megabytes and gigabytes as PUBLISHED_STORE_MB counts them', (bytes, text) => {
    expect(storeSize('en', bytes)).toBe(text);
  });

  it("is said in the staff member's language", () => {
    expect(storeSize('de', 1.5 * GB)).toBe('1,5\u00a0GB');
  });

  it.each([
    [312.5 * MB, GB, '31%'],
    [0, GB, '0%'],
    [3 * MB, GB, '0.3%'],
    [GB, GB, '100%'],
  ])('%d bytes of %d are %j of the limit', (bytes, limit, share) => {
    expect(storeShare('en', bytes, limit)).toBe(share);
  });

  it('has no share of a limit that is none', () => {
    expect(storeShare('en', MB, 0)).toBeUndefined();
  });

  it('is nearly full from 90% of its limit', () => {
    expect(storeNearlyFull({ bytes: 0.9 * GB, limitBytes: GB })).toBe(true);
    expect(storeNearlyFull({ bytes: 0.89 * GB, limitBytes: GB })).toBe(false);
    expect(storeNearlyFull({ bytes: null, limitBytes: GB })).toBe(false);
    expect(storeNearlyFull({ bytes: GB, limitBytes: null })).toBe(false);
  });

  it.each<[PublishedStore, string]>([
    [{ status: 'connected', bytes: 312.5 * MB, limitBytes: GB }, 'Connected: 312.5 MB of 1 GB used (31%).'],
    [{ status: 'connected', bytes: 312.5 * MB, limitBytes: null }, 'Connected: 312.5 MB used.'],
    [{ status: 'connected', bytes: null, limitBytes: 4 * GB }, 'Connected: its use could not be read just now. Its limit is 4 GB.'],
    [{ status: 'connected', bytes: null, limitBytes: null }, 'Connected: its use could not be read just now.'],
    [
      { status: 'unreachable', bytes: null, limitBytes: null },
      'Unreachable: what is served goes on being served, and each revision is stored once the store answers again.',
    ],
    [{ status: 'off', bytes: null, limitBytes: null }, 'Off: each gateway publishes its sites alone.'],
    [{ status: 'resyncing', bytes: null, limitBytes: null }, 'resyncing'],
  ])('%j is said %j', (store, text) => {
    expect(storeText(t, store)).toBe(text);
  });
});

describe("a site's publishing in words", () => {
  it.each([
    ['published', 'Published'],
    ['publishing', 'Publishing'],
    ['stale', 'Stale'],
    ['unavailable', 'Unavailable'],
    ['paused', 'paused'],
  ])('the status %j is %j', (status, word) => {
    expect(publishingStatusName(t, status)).toBe(word);
  });

  it.each([
    ['publisher', 'Publisher'],
    ['replica', 'Replica'],
    [null, 'Publishes alone'],
    ['standby', 'standby'],
  ])("the gateway's role %j is %j", (role, word) => {
    expect(publishingRoleName(t, role)).toBe(word);
  });
});

describe('the sites that need a look first', () => {
  it.each<[string, number, boolean, Partial<SitePublishing>]>([
    ['a problem named', 0, true, { status: 'published', problem: 'the published store is full' }],
    ['nothing to serve', 0, true, { status: 'unavailable', revision: null, publishedAt: null }],
    ['pages stale', 1, true, { status: 'stale', stalePages: 3 }],
    ['stale pages counted on a site published', 1, true, { stalePages: 2 }],
    ['a revision being published', 2, false, { status: 'publishing', pendingRevision: 'a1b2c3d4e5f60718293a4b5c' }],
    ['a status this version does not know', 2, false, { status: 'paused' }],
    ['published and in step', 3, false, {}],
    ['an empty problem, which is none', 3, false, { problem: '' }],
  ])('%s: rank %d, a look wanted: %s', (_what, rank, attention, changes) => {
    expect(attentionRank(site('demo', changes))).toBe(rank);
    expect(needsAttention(site('demo', changes))).toBe(attention);
  });

  it('lists problems first, then stale pages, then publishing, then the rest, each by name', () => {
    const sites = [
      site('zeta'),
      site('single'),
      site('demo', { status: 'publishing' }),
      site('riverside', { status: 'stale', stalePages: 4 }),
      site('alpha', { status: 'unavailable', problem: 'the renderer does not answer' }),
      site('beta', { problem: 'the revision could not be stored' }),
    ];
    const known = [
      { id: 'demo', name: 'Marquee Cinemas' },
      { id: 'single', name: 'The Single Screen' },
      { id: 'riverside', name: 'Riverside Cinemas' },
      { id: 'beta', name: 'Apollo' },
    ];
    expect(publishingRows(sites, known, 'en').map(({ siteId, name }) => [siteId, name])).toEqual([
      // By name: "alpha" goes by its id, which the sites list lacks.
      ['alpha', 'alpha'],
      ['beta', 'Apollo'],
      ['riverside', 'Riverside Cinemas'],
      ['demo', 'Marquee Cinemas'],
      ['single', 'The Single Screen'],
      ['zeta', 'zeta'],
    ]);
  });

  it('names the sites by their ids until the sites list has answered, and keeps what the gateway told', () => {
    const rows = publishingRows([site('single'), site('demo')], undefined, 'en');
    expect(rows.map(({ name }) => name)).toEqual(['demo', 'single']);
    expect(rows[0]).toEqual({ ...site('demo'), name: 'demo' });
  });

  it('tells sites of one name apart by id', () => {
    const known = [
      { id: 'b', name: 'Odeon' },
      { id: 'a', name: 'Odeon' },
    ];
    expect(publishingRows([site('b'), site('a')], known, 'en').map(({ siteId }) => siteId)).toEqual(['a', 'b']);
  });
});

describe('what is said of a site published again', () => {
  it('says what was asked for, by the revision shortened', () => {
    expect(republishedText(t, 'Marquee Cinemas', 'a1b2c3d4e5f60718293a4b5c')).toBe(
      'Asked for: revision a1b2c3d4 of Marquee Cinemas will be rendered, every page again. The table shows it once it is published.',
    );
  });

  it.each<[string, unknown, string]>([
    ['refused to someone not an operator (403)', new StudioApiError(403, 'permission_denied', 'operators only'), 'Only operators may publish a site again.'],
    [
      'with a service away (503)',
      new StudioApiError(503, 'service_unavailable', 'svc-catalogue is unavailable'),
      "Marquee Cinemas was not published again: the studio's service is unavailable. Try again in a moment.",
    ],
    ['of a site gone (404)', new StudioApiError(404, 'not_found', 'no such site'), 'Marquee Cinemas was not published again: no such site'],
    ['failed on the server (500)', new ApiError(500, 'internal', 'boom'), 'Marquee Cinemas was not published again: the studio did not answer. Check your connection and try again.'],
    [
      'with no answer at all',
      new TypeError('Failed to fetch'),
      'Marquee Cinemas was not published again: the studio did not answer. Check your connection and try again.',
    ],
  ])('when %s', (_when, error, text) => {
    expect(republishFailureText(t, error, 'Marquee Cinemas')).toBe(text);
  });

  it('says the table shows the last answer when asking again failed', () => {
    expect(refreshFailureText(t, new StudioApiError(503, 'service_unavailable', 'unavailable'))).toBe(
      "The table could not be brought up to date: the studio's service is unavailable. It shows the last answer until the next try.",
    );
    expect(refreshFailureText(t, new TypeError('Failed to fetch'))).toBe(
      'The table could not be brought up to date: the studio did not answer. It shows the last answer until the next try.',
    );
  });
});
