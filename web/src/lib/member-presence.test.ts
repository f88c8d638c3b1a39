import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { publishMemberSignedIn, useMemberSignedIn } from './member-presence';

describe('member presence', () => {
  afterEach(() => publishMemberSignedIn(undefined));

  it('is unknown until the session has been checked, then follows sign-in and sign-out', () => {
    const { result } = renderHook(() => useMemberSignedIn());
    expect(result.current).toBeUndefined();
    act(() => publishMemberSignedIn(true));
    expect(result.current).toBe(true);
    act(() => publishMemberSignedIn(false));
    expect(result.current).toBe(false);
  });
});
