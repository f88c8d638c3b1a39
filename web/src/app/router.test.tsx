import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { siteKeys } from '@/api/site-keys';
import { twoTheaterAppData } from '@/testing/two-theater-app-data';
import { preloadFirstScreen } from './router';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('preloadFirstScreen', () => {
  it('fills the cache with the app data on a page that prefetches nothing of its own', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json(twoTheaterAppData))));
    window.history.replaceState(null, '', '/theaters/');
    const queryClient = createQueryClient();
    await preloadFirstScreen(queryClient);
    expect(queryClient.getQueryData(siteKeys.appData())).toEqual(twoTheaterAppData);
  });

  it('resolves when the app data is refused: the first render shows the failure', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('no', { status: 404 }))));
    window.history.replaceState(null, '', '/theaters/');
    const queryClient = createQueryClient();
    await expect(preloadFirstScreen(queryClient)).resolves.toBeUndefined();
    expect(queryClient.getQueryState(siteKeys.appData())?.status).toBe('error');
  });
});

describe('preloadFirstScreen and page data', () => {
  it("fills the cache with a published page's data", async () => {
    const fetch = vi.fn((input: string) =>
      Promise.resolve(
        input === '/page-data/app-data.json'
          ? Response.json(twoTheaterAppData)
          : Response.json({ path: '/theaters/', templateName: 'theaterList', data: { theaters: [] } }),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/cms-preview/theaters/');
    const queryClient = createQueryClient();
    await preloadFirstScreen(queryClient);
    // A preview shows the page without its prefix.
    expect(fetch.mock.calls.map(([input]) => input)).toContain('/page-data/theaters/page-data.json');
    expect(queryClient.getQueryData(siteKeys.pageData('theaters'))).toMatchObject({ templateName: 'theaterList' });
  });

  it('asks for none in the member area, which is not published', async () => {
    const fetch = vi.fn<(input: string) => Promise<Response>>(() => Promise.resolve(Response.json(twoTheaterAppData)));
    vi.stubGlobal('fetch', fetch);
    window.history.replaceState(null, '', '/account/');
    await preloadFirstScreen(createQueryClient());
    expect(fetch.mock.calls.map(([input]) => input)).toEqual(['/page-data/app-data.json']);
  });
});
