import { describe, expect, it } from 'vitest';
import type { SiteDetails } from './api';
import { hostsFromText, newSiteRequest, siteAddressFields, siteAddressRequest, siteIdProblem } from './site-rules';

describe("a new site's id", () => {
  it.each([
    ['riverside', undefined],
    [' riverside-2 ', undefined],
    ['a'.repeat(63), undefined],
    ['', 'missing'],
    ['  ', 'missing'],
    ['Riverside', 'invalid'],
    ['river side', 'invalid'],
    ['river_side', 'invalid'],
    ['rivèrside', 'invalid'],
    ['a'.repeat(64), 'tooLong'],
  ])('%j: %s', (id, problem) => {
    expect(siteIdProblem(id)).toBe(problem);
  });
});

describe("a new site's host names as typed", () => {
  it.each([
    ['', []],
    [' \n , ', []],
    ['riverside.example', ['riverside.example']],
    ['Riverside.Example, WWW.riverside.example', ['riverside.example', 'www.riverside.example']],
    ['riverside.example\n\n www.riverside.example \r\n', ['riverside.example', 'www.riverside.example']],
    ['a.example,\nb.example, a.example', ['a.example', 'b.example']],
    // Kept as typed for the server to refuse by name, rather than dropped unseen.
    ['riverside.example:8080', ['riverside.example:8080']],
  ])('reads %j as %j', (text, hosts) => {
    expect(hostsFromText(text)).toEqual(hosts);
  });
});

describe("the new site's body", () => {
  it('is trimmed, with the host names read, and no public URL when none was typed', () => {
    expect(
      newSiteRequest({ id: ' riverside ', name: ' Riverside Cinemas ', template: 'demo', hosts: 'Riverside.example\nwww.riverside.example', publicUrl: ' ' }),
    ).toEqual({ id: 'riverside', name: 'Riverside Cinemas', template: 'demo', hosts: ['riverside.example', 'www.riverside.example'] });
  });

  it('carries the public URL typed, trimmed', () => {
    expect(newSiteRequest({ id: 'riverside', name: 'Riverside', template: 'empty', hosts: '', publicUrl: ' https://www.riverside.example ' })).toEqual({
      id: 'riverside',
      name: 'Riverside',
      template: 'empty',
      hosts: [],
      publicUrl: 'https://www.riverside.example',
    });
  });
});

describe('where a site is served, as the form reads and sends it', () => {
  it("starts from its details: its host names, one a line, and its own public URL ('' where it has none)", () => {
    const site: SiteDetails = {
      id: 'demo',
      name: 'Marquee',
      hosts: ['marquee.example', 'www.marquee.example'],
      publicUrl: 'https://www.marquee.example',
      ownPublicUrl: 'https://www.marquee.example',
    };
    expect(siteAddressFields(site)).toEqual({ hosts: 'marquee.example\nwww.marquee.example', publicUrl: 'https://www.marquee.example' });
    // No URL of its own: the one the public reaches it at is the deployment's, not the form's.
    expect(siteAddressFields({ ...site, publicUrl: 'https://marquee.example', ownPublicUrl: '' })).toEqual({
      hosts: 'marquee.example\nwww.marquee.example',
      publicUrl: '',
    });
    expect(siteAddressFields({ ...site, hosts: [], ownPublicUrl: '' })).toEqual({ hosts: '', publicUrl: '' });
  });

  it("sends the host names read and the public URL trimmed, '' for the deployment's", () => {
    expect(siteAddressRequest({ hosts: 'Marquee.example,\n www.marquee.example ', publicUrl: ' https://www.marquee.example ' })).toEqual({
      hosts: ['marquee.example', 'www.marquee.example'],
      publicUrl: 'https://www.marquee.example',
    });
    expect(siteAddressRequest({ hosts: ' , \n', publicUrl: '  ' })).toEqual({ hosts: [], publicUrl: '' });
  });
});
