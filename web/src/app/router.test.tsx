import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { siteKeys } from '@/features/site/api/site-keys';
import { twoTheaterAppData } from '@/testing/two-theater-app-data';
import { preloadFirstScreen } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('preloadFirstScreen', () => {
  it('fills the cache with the app data on a page that prefetches nothing of its own', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json(twoTheaterAppData)));
    window.history.replaceState(null, '', '/theaters/');
    const queryClient = createQueryClient();
    await preloadFirstScreen(queryClient);
    expect(queryClient.getQueryData(siteKeys.appData())).toEqual(twoTheaterAppData);
  });

  it('resolves when the app data is refused: the first render shows the failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('no', { status: 404 })));
    window.history.replaceState(null, '', '/theaters/');
    const queryClient = createQueryClient();
    await expect(preloadFirstScreen(queryClient)).resolves.toBeUndefined();
    expect(queryClient.getQueryState(siteKeys.appData())?.status).toBe('error');
  });
});
