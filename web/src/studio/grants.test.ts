import { describe, expect, it } from 'vitest';
import { createTranslate } from '@/rules/format-message';
import type { Grant } from './api';
import {
  describedTheaters,
  eventTheaters,
  grantableRoles,
  grantsOnSite,
  mayCreateSites,
  mayEditContent,
  mayEditEventAt,
  mayEditEvents,
  mayEditLook,
  mayEditTheater,
  mayEditTheaters,
  mayManageKeys,
  mayManageStaff,
  mayPublish,
  mayReadAudit,
  maySetPointOfSale,
  maySeePublishing,
  maySetSiteAddress,
  maySupportMembers,
  roleName,
  theaterList,
} from './grants';
import { en } from './messages/en';

const t = createTranslate('en', en);

describe('how the studio words a grant', () => {
  it.each([
    ['operator', 'Operator', 'operator'],
    ['theater-manager', 'Theater manager', 'theater manager'],
    ['support', 'Member support', 'member support'],
    ['publisher', 'publisher', 'publisher'],
  ])('names the role %s %j, and %j within a sentence', (role, label, sentence) => {
    expect(roleName(t, role)).toBe(label);
    expect(roleName(t, role, 'sentence')).toBe(sentence);
  });

  it('lists theaters as a sentence would', () => {
    expect(theaterList('en', ['101'])).toBe('101');
    expect(theaterList('en', ['101', '102', '103'])).toBe('101, 102, and 103');
  });
});

const operator: Grant = { role: 'operator', siteId: null, theaterIds: [] };
const demoAdmin: Grant = { role: 'admin', siteId: 'demo', theaterIds: [] };
const demoEditor: Grant = { role: 'editor', siteId: 'demo', theaterIds: [] };
const singleManager: Grant = { role: 'theater-manager', siteId: 'single', theaterIds: ['201'] };
const allRoles = ['operator', 'admin', 'editor', 'theater-manager', 'support', 'viewer'];
const siteRoles = allRoles.slice(1);

describe('what the grants held let a staff member do on a site', () => {
  it.each([
    ['an operator', [operator], 'demo', [operator], true, allRoles],
    ['an administrator of the site', [demoAdmin, singleManager], 'demo', [demoAdmin], true, siteRoles],
    ['an administrator of another site', [demoAdmin, singleManager], 'single', [singleManager], false, []],
    ['an editor of the site', [demoEditor], 'demo', [demoEditor], false, []],
    ['someone with no grant on the site', [singleManager], 'demo', [], false, []],
    ['an operator who is an editor of the site too', [demoEditor, operator], 'demo', [demoEditor, operator], true, allRoles],
  ])('%s', (_who, grants: Grant[], siteId, onSite: Grant[], manages, roles) => {
    expect(grantsOnSite(grants, siteId)).toEqual(onSite);
    expect(mayManageStaff(grants, siteId)).toBe(manages);
    // The same people read the site's audit log.
    expect(mayReadAudit(grants, siteId)).toBe(manages);
    expect(grantableRoles(grants, siteId)).toEqual(roles);
  });
});

describe('who publishes a site, and edits its look and its content', () => {
  const demoViewer: Grant = { role: 'viewer', siteId: 'demo', theaterIds: [] };
  const demoSupport: Grant = { role: 'support', siteId: 'demo', theaterIds: [] };
  const demoManager: Grant = { role: 'theater-manager', siteId: 'demo', theaterIds: ['101'] };
  it.each([
    ['an operator', [operator], true],
    ['an administrator of the site', [demoAdmin], true],
    ['an editor of the site', [demoEditor], true],
    ['a viewer of the site', [demoViewer], false],
    ['member support of the site', [demoSupport], false],
    ['a theater manager of the site', [demoManager], false],
    ["a theater manager of another site, and the site's viewer", [singleManager, demoViewer], false],
    ['an administrator of another site', [{ ...demoAdmin, siteId: 'single' }], false],
    ['an editor of another site', [{ ...demoEditor, siteId: 'single' }], false],
  ])('%s: %j', (_who, grants: Grant[], edits) => {
    expect(mayPublish(grants, 'demo')).toBe(edits);
    // The same roles change the site's look and settings (svc-studio's EditLook) and its
    // pages (EditContent).
    expect(mayEditLook(grants, 'demo')).toBe(edits);
    expect(mayEditContent(grants, 'demo')).toBe(edits);
  });
});

describe("who adds, changes and removes a site's events, and at which theaters", () => {
  const demoViewer: Grant = { role: 'viewer', siteId: 'demo', theaterIds: [] };
  const demoSupport: Grant = { role: 'support', siteId: 'demo', theaterIds: [] };
  const demoManager: Grant = { role: 'theater-manager', siteId: 'demo', theaterIds: ['101', '102'] };
  const demoManagerToo: Grant = { role: 'theater-manager', siteId: 'demo', theaterIds: ['102', '103'] };
  it.each([
    ['an operator', [operator], 'every', true, true],
    ['an administrator of the site', [demoAdmin], 'every', true, true],
    ['an editor of the site', [demoEditor], 'every', true, true],
    ['an editor who manages a theater of the site too', [demoManager, demoEditor], 'every', true, true],
    ['a theater manager of the site', [demoManager], ['101', '102'], true, false],
    ['a theater manager of the site, by two grants', [demoManager, demoManagerToo], ['101', '102', '103'], true, true],
    ['a theater manager of another site', [singleManager], [], false, false],
    ['a theater manager of no theater', [{ ...demoManager, theaterIds: [] }], [], false, false],
    ['a viewer of the site', [demoViewer], [], false, false],
    ['member support of the site', [demoSupport], [], false, false],
    ['an editor of another site', [{ ...demoEditor, siteId: 'single' }], [], false, false],
  ])('%s: %j', (_who, grants: Grant[], theaters, adds, atTheater103) => {
    expect(eventTheaters(grants, 'demo')).toEqual(theaters);
    expect(mayEditEvents(grants, 'demo')).toBe(adds);
    expect(mayEditEventAt(grants, 'demo', '103')).toBe(atTheater103);
  });
});

describe("who describes a site's theaters (address, contact, opening hours, parking...) and links their point of sale, and which", () => {
  const demoViewer: Grant = { role: 'viewer', siteId: 'demo', theaterIds: [] };
  const demoSupport: Grant = { role: 'support', siteId: 'demo', theaterIds: [] };
  const demoManager: Grant = { role: 'theater-manager', siteId: 'demo', theaterIds: ['101', '102'] };
  const demoManagerToo: Grant = { role: 'theater-manager', siteId: 'demo', theaterIds: ['102', '103'] };
  it.each([
    ['an operator', [operator], 'every', true, true],
    ['an administrator of the site', [demoAdmin], 'every', true, true],
    // Editors change pages and events, not theaters: they read them.
    ['an editor of the site', [demoEditor], [], false, false],
    ['an editor who manages a theater of the site too', [demoEditor, demoManager], ['101', '102'], true, false],
    ['a theater manager of the site', [demoManager], ['101', '102'], true, false],
    ['a theater manager of the site, by two grants', [demoManager, demoManagerToo], ['101', '102', '103'], true, true],
    ['a theater manager of another site', [singleManager], [], false, false],
    ['a theater manager of no theater', [{ ...demoManager, theaterIds: [] }], [], false, false],
    ['a viewer of the site', [demoViewer], [], false, false],
    ['member support of the site', [demoSupport], [], false, false],
    ['an administrator of another site', [{ ...demoAdmin, siteId: 'single' }], [], false, false],
  ])('%s: %j', (_who, grants: Grant[], theaters, describesSome, describes103) => {
    expect(describedTheaters(grants, 'demo')).toEqual(theaters);
    expect(mayEditTheaters(grants, 'demo')).toBe(describesSome);
    expect(mayEditTheater(grants, 'demo', '103')).toBe(describes103);
    // Its point of sale (link, token) by the same rule.
    expect(maySetPointOfSale(grants, 'demo', '103')).toBe(describes103);
  });
});

describe("who manages a site's ingest keys", () => {
  const demoViewer: Grant = { role: 'viewer', siteId: 'demo', theaterIds: [] };
  const demoManager: Grant = { role: 'theater-manager', siteId: 'demo', theaterIds: ['101'] };
  it.each([
    ['an operator', [operator], true],
    ['an administrator of the site', [demoAdmin], true],
    ['an administrator of another site', [{ ...demoAdmin, siteId: 'single' }], false],
    ['an editor of the site', [demoEditor], false],
    ['a theater manager of the site', [demoManager], false],
    ['a viewer of the site', [demoViewer], false],
    ['someone with no grant on the site', [singleManager], false],
  ])('%s: %j', (_who, grants: Grant[], manages) => {
    expect(mayManageKeys(grants, 'demo')).toBe(manages);
  });
});

describe("who creates sites, changes where one is served, and sees the deployment's publishing", () => {
  it.each([
    ['an operator', [operator], true],
    ['an operator who is an editor of a site too', [demoEditor, operator], true],
    ['an administrator of a site', [demoAdmin], false],
    ['an administrator of every site there is, one by one', [demoAdmin, { ...demoAdmin, siteId: 'single' }], false],
    ['someone holding no grant', [], false],
  ])('%s: %j', (_who, grants: Grant[], creates) => {
    expect(mayCreateSites(grants)).toBe(creates);
    // The same people change a site's host names and public URL (svc-studio's ManageSites).
    expect(maySetSiteAddress(grants)).toBe(creates);
    // And see how every site of the deployment is published, and publish one again.
    expect(maySeePublishing(grants)).toBe(creates);
  });
});

describe("who supports a site's members", () => {
  const demoSupport: Grant = { role: 'support', siteId: 'demo', theaterIds: [] };
  const demoViewer: Grant = { role: 'viewer', siteId: 'demo', theaterIds: [] };
  const demoManager: Grant = { role: 'theater-manager', siteId: 'demo', theaterIds: ['101'] };
  it.each([
    ['an operator', [operator], true],
    ['an administrator of the site', [demoAdmin], true],
    ['member support of the site', [demoSupport], true],
    ['member support of another site', [{ ...demoSupport, siteId: 'single' }], false],
    ['an administrator of another site', [{ ...demoAdmin, siteId: 'single' }], false],
    ['an editor of the site', [demoEditor], false],
    ['a theater manager of the site', [demoManager], false],
    ['a viewer of the site', [demoViewer], false],
    ['someone with no grant on the site', [singleManager], false],
  ])('%s: %j', (_who, grants: Grant[], supports) => {
    expect(maySupportMembers(grants, 'demo')).toBe(supports);
  });
});
