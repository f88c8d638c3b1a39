import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import type { AuditEntry, StaffMember } from './api';
import {
  auditActionName,
  auditChangeLines,
  auditFilter,
  auditStaff,
  auditValue,
  dayStart,
  endsBeforeItStarts,
  NO_AUDIT_FILTER,
} from './audit-rules';
import { en } from './messages/en';

const t = createTranslate('en', en);

describe('the start of a day chosen, in the staff member’s time zone', () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    ['Europe/Paris', '2026-12-03', 0, '2026-12-03T00:00:00+01:00'],
    ['Europe/Paris', '2026-07-03', 0, '2026-07-03T00:00:00+02:00'],
    ['Asia/Kolkata', '2026-12-03', 0, '2026-12-03T00:00:00+05:30'],
    ['America/Los_Angeles', '2026-12-03', 1, '2026-12-04T00:00:00-08:00'],
    ['UTC', '2026-12-31', 1, '2027-01-01T00:00:00+00:00'],
    ['UTC', '2028-02-28', 1, '2028-02-29T00:00:00+00:00'],
    // Chile's clocks go from 0:00 to 1:00 that night: the day starts at its first hour.
    ['America/Santiago', '2026-09-06', 0, '2026-09-06T01:00:00-03:00'],
  ])('in %s, %s plus %i days starts at %s', (timeZone, day, days, start) => {
    // Node follows TZ as it changes.
    vi.stubEnv('TZ', timeZone);
    expect(dayStart(day, days)).toBe(start);
  });

  it('is local midnight wherever the tests run', () => {
    const start = dayStart('2026-12-03');
    expect(start).toMatch(/^2026-12-03T00:00:00[+-]\d{2}:\d{2}$/);
    expect(new Date(start ?? '').getTime()).toBe(new Date(2026, 11, 3).getTime());
  });

  it.each(['', 'yesterday', '2026-13-01', '2026-12-32', '03/12/2026'])('is none for %j', (day) => {
    expect(dayStart(day)).toBeUndefined();
  });
});

describe('the query of the filters chosen', () => {
  afterEach(() => vi.unstubAllEnvs());

  it.each([
    ['none', NO_AUDIT_FILTER, { siteId: 'demo' }],
    ['an action', { ...NO_AUDIT_FILTER, action: 'invitation.sent' }, { siteId: 'demo', action: 'invitation.sent' }],
    ['a staff id, trimmed', { ...NO_AUDIT_FILTER, staffId: ' s3 ' }, { siteId: 'demo', staffId: 's3' }],
    ['blank staff id', { ...NO_AUDIT_FILTER, staffId: '  ' }, { siteId: 'demo' }],
    [
      'days: from the first one’s start to the last one’s end',
      { ...NO_AUDIT_FILTER, from: '2026-12-01', to: '2026-12-03' },
      { siteId: 'demo', from: '2026-12-01T00:00:00+01:00', to: '2026-12-04T00:00:00+01:00' },
    ],
    ['one day', { ...NO_AUDIT_FILTER, from: '2026-12-03', to: '2026-12-03' }, { siteId: 'demo', from: '2026-12-03T00:00:00+01:00', to: '2026-12-04T00:00:00+01:00' }],
    ['a last day alone', { ...NO_AUDIT_FILTER, to: '2026-12-03' }, { siteId: 'demo', to: '2026-12-04T00:00:00+01:00' }],
  ])('%s', (_case, fields, filter) => {
    vi.stubEnv('TZ', 'Europe/Paris');
    expect(auditFilter('demo', fields)).toEqual(filter);
  });

  it.each([
    ['2026-12-03', '2026-12-02', true],
    ['2026-12-03', '2026-12-03', false],
    ['2026-12-03', '2026-12-04', false],
    ['', '2026-12-02', false],
    ['2026-12-03', '', false],
  ])('from %j until %j ends before it starts: %s', (from, to, before) => {
    expect(endsBeforeItStarts({ from, to })).toBe(before);
  });
});

describe('how the studio words an audit entry', () => {
  it.each([
    ['site.created', 'Site created'],
    ['site.address-set', 'Site address changed'],
    ['invitation.sent', 'Invitation sent'],
    ['staff.removed', 'Access removed'],
    ['draft.site.changed', 'Look and settings changed in the draft'],
    ['draft.page.saved', 'Page saved to the draft'],
    ['draft.page.removed', 'Page removed in the draft'],
    ['draft.event.saved', 'Event saved to the draft'],
    ['draft.event.removed', 'Event removed in the draft'],
    ['draft.discarded', 'Draft discarded'],
    ['site.published', 'Draft published'],
    ['site.publish-scheduled', 'Publishing scheduled'],
    ['site.restored', 'Revision restored'],
    ['ingest-key.created', 'Ingest key made'],
    ['ingest-key.revoked', 'Ingest key revoked'],
    ['page.published', 'page.published'],
  ])('names the action %s %j', (action, name) => {
    expect(auditActionName(t, action)).toBe(name);
  });

  it.each([
    [null, '—'],
    [undefined, '—'],
    ['', '—'],
    ['viewer', 'viewer'],
    [['101', '102'], '101, 102'],
    [[], 'none'],
    [3, '3'],
    [true, 'true'],
    [{ primary: '#0A7E8C' }, '{"primary":"#0A7E8C"}'],
  ])('shows the value %j as %j', (value, text) => {
    expect(auditValue(t, value)).toBe(text);
  });

  it('shows each changed field as a line, before and after, a field it does not know as named', () => {
    expect(
      auditChangeLines(t, {
        name: { before: null, after: 'Riverside Cinemas' },
        template: { before: null, after: 'demo' },
        role: { before: null, after: 'viewer' },
        theaterIds: { before: null, after: ['101'] },
        label: { before: null, after: 'Box office' },
        publishAt: { before: null, after: '2026-12-01T09:00:00Z' },
        overwrite: { before: null, after: true },
        revision: { before: null, after: '92afe208' },
        slug: { before: 'about', after: 'about-us' },
        hosts: 'marquee.example',
        publicUrl: { before: '', after: 'https://www.marquee.example' },
      }),
    ).toEqual([
      'Name: — → Riverside Cinemas',
      'Template: — → demo',
      'Role: — → viewer',
      'Theaters: — → 101',
      'Label: — → Box office',
      'Publish at: — → 2026-12-01T09:00:00Z',
      'Publish over later changes: — → true',
      'Revision: — → 92afe208',
      'slug: about → about-us',
      'Host names: — → marquee.example',
      'Public URL: — → https://www.marquee.example',
    ]);
    expect(auditChangeLines(t, {})).toEqual([]);
  });

  it('lists the staff who made the entries once each, by name, and the one chosen though they made none', () => {
    const ed: StaffMember = { id: 's3', email: 'ed@chain.example', name: 'Ed Admin' };
    const ada: StaffMember = { id: 's1', email: 'ada@example.com', name: 'Ada Lovelace' };
    const bo: StaffMember = { id: 's2', email: 'bo@chain.example', name: 'Bo Editor' };
    const by = (staff: StaffMember) => ({ staff }) as AuditEntry;
    expect(auditStaff([by(ed), by(ada), by(ed)])).toEqual([ada, ed]);
    expect(auditStaff([by(ed)], bo)).toEqual([bo, ed]);
    expect(auditStaff([], bo)).toEqual([bo]);
  });
});
