import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { twoTheaterAppData } from '@/testing/two-theater-app-data';
import { movieKeys } from '@/features/movies/api/movie-keys';
import { eventKeys } from '@/features/events/api/event-keys';
import { pageDataQueryOptions } from '@/features/site/api/get-page-data';
import { prefetchHomeFirstScreen } from './home';

function stubApi() {
  const fetch = vi.fn((input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === '/page-data/app-data.json') return Promise.resolve(Response.json(twoTheaterAppData));
    if (url.pathname === '/page-data/index/page-data.json') {
      return Promise.resolve(Response.json({ path: '/', templateName: 'home', data: { movies: [], events: [] } }));
    }
    return Promise.resolve(Response.json([{ id: `${url.pathname}?${url.searchParams.toString()}` }]));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('prefetchHomeFirstScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'selectedTheaterId=; path=/; max-age=0';
  });

  it("fills the cache with the page's data, and nothing more without a theater", async () => {
    const fetch = stubApi();
    const queryClient = createQueryClient();
    await prefetchHomeFirstScreen(queryClient);
    expect(queryClient.getQueryData(pageDataQueryOptions('/').queryKey)).toMatchObject({ templateName: 'home' });
    expect(fetch.mock.calls.map(([input]) => input)).toEqual([
      '/page-data/app-data.json',
      '/page-data/index/page-data.json',
    ]);
  });

  it('asks for what plays at the theater the visitor chose', async () => {
    stubApi();
    document.cookie = 'selectedTheaterId=102; path=/';
    const queryClient = createQueryClient();
    await prefetchHomeFirstScreen(queryClient);
    expect(queryClient.getQueryData(movieKeys.list({ theaterId: '102' }))).toEqual([
      { id: '/api/v1/movies?theaterId=102' },
    ]);
    expect(queryClient.getQueryData(eventKeys.list({ theaterId: '102' }))).toEqual([
      { id: '/api/v1/events?theaterId=102' },
    ]);
  });

  it('asks for no theater on a single-location site: its page is the theater', async () => {
    const fetch = stubApi();
    const single = { ...twoTheaterAppData, site: { config: { isSingleLocation: true } } };
    const queryClient = createQueryClient();
    queryClient.setQueryData(['site', 'app-data'], single);
    document.cookie = 'selectedTheaterId=102; path=/';
    await prefetchHomeFirstScreen(queryClient);
    expect(fetch.mock.calls.map(([input]) => input)).toEqual(['/page-data/index/page-data.json']);
  });
});
