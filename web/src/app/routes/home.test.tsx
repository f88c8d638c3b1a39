import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { twoTheaterAppData } from '@/testing/two-theater-app-data';
import { movieKeys } from '@/features/movies/api/movie-keys';
import { eventKeys } from '@/features/events/api/event-keys';
import { prefetchHomeFirstScreen } from './home';

function stubApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/page-data/app-data.json') return Response.json(twoTheaterAppData);
      return Response.json([{ id: `${url.pathname}?${url.searchParams}` }]);
    }),
  );
}

describe('prefetchHomeFirstScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'selectedTheaterId=; path=/; max-age=0';
  });

  it('fills the cache with the movies and events the home page asks for, everywhere without a theater', async () => {
    stubApi();
    const queryClient = createQueryClient();
    await prefetchHomeFirstScreen(queryClient);
    expect(queryClient.getQueryData(movieKeys.list({ theaterId: undefined }))).toEqual([{ id: '/api/v1/movies?' }]);
    expect(queryClient.getQueryData(eventKeys.list({ theaterId: undefined }))).toEqual([{ id: '/api/v1/events?' }]);
  });

  it('asks for what plays at the theater the visitor chose', async () => {
    stubApi();
    document.cookie = 'selectedTheaterId=102; path=/';
    const queryClient = createQueryClient();
    await prefetchHomeFirstScreen(queryClient);
    expect(queryClient.getQueryData(movieKeys.list({ theaterId: '102' }))).toEqual([
      { id: '/api/v1/movies?theaterId=102' },
    ]);
  });
});
