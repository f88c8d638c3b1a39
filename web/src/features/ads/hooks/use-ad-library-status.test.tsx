import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { reportAdLibraryLoad, useAdLibraryFailed } from './use-ad-library-status';

describe('useAdLibraryFailed', () => {
  afterEach(() => {
    reportAdLibraryLoad(true);
    vi.resetModules();
  });

  it('is false until the ad library fails to load, then true', () => {
    const { result } = renderHook(() => useAdLibraryFailed());
    expect(result.current).toBe(false);
    act(() => reportAdLibraryLoad(false));
    expect(result.current).toBe(true);
  });

  it('turns false again when a later attempt loads it', () => {
    const { result } = renderHook(() => useAdLibraryFailed());
    act(() => reportAdLibraryLoad(false));
    act(() => reportAdLibraryLoad(true));
    expect(result.current).toBe(false);
  });

  it('remembers a failure for the next page of the browser session', async () => {
    reportAdLibraryLoad(false);
    vi.resetModules();
    const nextPage = await import('./use-ad-library-status');
    const { result } = renderHook(() => nextPage.useAdLibraryFailed());
    expect(result.current).toBe(true);
    nextPage.reportAdLibraryLoad(true);
    expect(window.sessionStorage.getItem('adLibraryFailed')).toBeNull();
  });
});
