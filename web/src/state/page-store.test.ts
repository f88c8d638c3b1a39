import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outboundClick, pageView } from '@/rules/tracked-events';
import {
  announceMemberLogin,
  followTrackedEvents,
  NO_CONSENT_YET,
  setConsent,
  setMemberSignedIn,
  takeMemberLogins,
  track,
  useMemberSignedIn,
  useTrackingConsent,
} from './page-store';

describe('consent', () => {
  afterEach(() => setConsent(NO_CONSENT_YET));

  it('is NO_CONSENT_YET until the consent manager decides, then its decision', () => {
    const { result } = renderHook(() => useTrackingConsent());
    expect(result.current).toBe(NO_CONSENT_YET);
    const decided = { trackersEnabled: true, consentGiven: true, purposeDenied: false };
    act(() => setConsent(decided));
    expect(result.current).toBe(decided);
  });
});

describe('whether a member is signed in', () => {
  afterEach(() => {
    setMemberSignedIn(undefined);
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it('without a stored session no member is signed in, before the loyalty session has loaded', () => {
    const { result } = renderHook(() => useMemberSignedIn());
    expect(result.current).toBe(false);
  });

  it('with a stored session it is unknown until the session has been checked, then follows sign-in and sign-out', () => {
    document.cookie = 'loyaltySession=%7B%22token%22%3A%22t%22%7D; path=/';
    const { result } = renderHook(() => useMemberSignedIn());
    expect(result.current).toBeUndefined();
    act(() => setMemberSignedIn(true));
    expect(result.current).toBe(true);
    act(() => setMemberSignedIn(false));
    expect(result.current).toBe(false);
  });
});

describe('track', () => {
  it('creates the data layer on first use and appends to it after', () => {
    const target: { dataLayer?: unknown[] } = {};
    track(pageView('/movies/', ''), target);
    track(outboundClick('https://tickets.example/'), target);
    expect(target.dataLayer).toEqual([
      { event: 'page_view', page_path: '/movies/' },
      { event: 'click', category: 'Navigation', label: 'out: https://tickets.example/' },
    ]);
  });

  it('hands a follower every event tracked after it started following, until it stops', () => {
    track({ event: 'page_view', page_path: '/before/' }, {});
    const follower = vi.fn();
    const stop = followTrackedEvents(follower);
    track({ event: 'page_view', page_path: '/a/' }, {});
    setConsent(NO_CONSENT_YET);
    track({ event: 'page_view', page_path: '/b/' }, {});
    stop();
    track({ event: 'page_view', page_path: '/c/' }, {});
    expect(follower.mock.calls).toEqual([
      [{ event: 'page_view', page_path: '/a/' }],
      [{ event: 'page_view', page_path: '/b/' }],
    ]);
  });
});

describe('member logins', () => {
  it('hands the member id and the login time over', () => {
    const heard = vi.fn();
    const stop = takeMemberLogins(heard);
    announceMemberLogin('m1', new Date('2026-11-23T05:00:00Z'));
    stop();
    expect(heard.mock.calls).toEqual([[{ memberId: 'm1', loginDateTime: '2026-11-23T05:00:00.000Z' }]]);
    // Take what waited since.
    announceMemberLogin('m2');
    takeMemberLogins(() => undefined)();
  });

  it('keeps a sign-in made before anyone takes them for the first taker, once', () => {
    announceMemberLogin('early', new Date('2026-11-23T05:00:00Z'));
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = takeMemberLogins(first);
    const stopSecond = takeMemberLogins(second);
    expect(first).toHaveBeenCalledWith({ memberId: 'early', loginDateTime: '2026-11-23T05:00:00.000Z' });
    expect(second).not.toHaveBeenCalled();
    stopFirst();
    stopSecond();
  });

  it('keeps only the last few sign-ins while nobody takes them', () => {
    for (let index = 0; index < 20; index += 1) announceMemberLogin(`m${index}`);
    const heard = vi.fn();
    takeMemberLogins(heard)();
    expect(heard).toHaveBeenCalledTimes(8);
    expect(heard).toHaveBeenLastCalledWith(expect.objectContaining({ memberId: 'm19' }));
  });
});
