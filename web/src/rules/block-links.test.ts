import { describe, expect, it } from 'vitest';
import cases from '../../../fixtures/block-links.json';
import { blockImageSource, blockLink } from './block-links';

// The cases svc-catalogue's `is_link` is held to as well (fixtures/block-links.json).
describe('blockLink', () => {
  it.each(cases)('$address is a link of kind $link', ({ address, link }) => {
    expect(blockLink(address).kind).toBe(link);
  });

  it('keeps the address as written', () => {
    expect(blockLink('/movies/?playWeek=NEXT#now')).toEqual({ kind: 'site', path: '/movies/?playWeek=NEXT#now' });
    expect(blockLink('HTTPS://Example.org/')).toEqual({ kind: 'external', href: 'HTTPS://Example.org/' });
    expect(blockLink('tel:+15551234567')).toEqual({ kind: 'contact', href: 'tel:+15551234567' });
  });

  it('is none without an address', () => {
    expect(blockLink(undefined)).toEqual({ kind: 'none' });
    expect(blockLink(null)).toEqual({ kind: 'none' });
  });
});

describe('blockImageSource', () => {
  it.each(cases)('$address may be an image: $image', ({ address, image }) => {
    expect(blockImageSource(address)).toBe(image ? address : undefined);
  });

  it('is none without a source', () => {
    expect(blockImageSource(undefined)).toBeUndefined();
  });
});
