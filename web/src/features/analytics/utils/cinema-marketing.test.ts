import { describe, expect, it } from 'vitest';
import { hashMemberId, memberLoginEvent, memberLoginTracked, trackerScriptUrl } from './cinema-marketing';

describe('trackerScriptUrl', () => {
  it('keys the script by the customer id, keeping its own query', () => {
    expect(trackerScriptUrl({ customerId: 'marquee 42', scriptUrl: 'https://t.example/web.js?v=3' })).toBe(
      'https://t.example/web.js?v=3&customerId=marquee+42',
    );
  });
});

describe('memberLoginTracked', () => {
  it.each([
    [undefined, false, false],
    ['', false, false],
    ['cust-1', false, true],
    ['cust-1', true, false],
  ])('customer %s, purpose denied %s: %s', (customerId, purposeDenied, tracked) => {
    expect(memberLoginTracked({ customerId, purposeDenied })).toBe(tracked);
  });
});

describe('member login event', () => {
  it('carries the SHA-256 of the member id, never the id', async () => {
    const hashed = await hashMemberId('42');
    expect(hashed).toBe('73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049');
    expect(memberLoginEvent('cust-1', hashed, '2026-01-01T10:00:00Z')).toEqual({
      event: 'TrackMemberLogin',
      customerId: 'cust-1',
      hashedMemberId: hashed,
      loginDateTime: '2026-01-01T10:00:00Z',
    });
  });
});
