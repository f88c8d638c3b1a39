import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { publishMemberSignedIn, useMemberSignedIn } from './member-presence';

describe('member presence', () => {
  afterEach(() => {
    publishMemberSignedIn(undefined);
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
    act(() => publishMemberSignedIn(true));
    expect(result.current).toBe(true);
    act(() => publishMemberSignedIn(false));
    expect(result.current).toBe(false);
  });
});
