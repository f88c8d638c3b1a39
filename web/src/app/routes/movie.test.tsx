import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { twoTheaterAppData } from '@/testing/two-theater-app-data';
import { showtimeKeys } from '@/features/showtimes/api/showtime-keys';
import { prefetchMovieFirstScreen } from './movie';

function stubApi() {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/page-data/app-data.json') return Response.json(twoTheaterAppData);
    if (url.pathname === '/api/v1/movies') return Response.json([{ id: '1004', title: 'Velocity' }]);
    return Response.json([{ id: `${url.pathname}?${url.searchParams}` }]);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('prefetchMovieFirstScreen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = 'selectedTheaterId=; path=/; max-age=0';
  });

  it("fills the cache with the movie's showtimes everywhere without a theater", async () => {
    stubApi();
    const queryClient = createQueryClient();
    await prefetchMovieFirstScreen(queryClient, { movieSegment: '1004-velocity' });
    expect(queryClient.getQueryData(showtimeKeys.list({ movieId: '1004', theaterId: undefined }))).toEqual([
      { id: '/api/v1/showtimes?movieId=1004' },
    ]);
  });

  it('asks for the showtimes at the theater the visitor chose', async () => {
    stubApi();
    document.cookie = 'selectedTheaterId=102; path=/';
    const queryClient = createQueryClient();
    await prefetchMovieFirstScreen(queryClient, { movieSegment: '1004-velocity' });
    expect(queryClient.getQueryData(showtimeKeys.list({ movieId: '1004', theaterId: '102' }))).toEqual([
      { id: '/api/v1/showtimes?theaterId=102&movieId=1004' },
    ]);
  });

  it('asks for no showtimes when no movie has the id (the page shows its 404)', async () => {
    const fetch = stubApi();
    await prefetchMovieFirstScreen(createQueryClient(), { movieSegment: '9999-missing' });
    expect(fetch.mock.calls.map(([input]) => String(input))).not.toContainEqual(
      expect.stringContaining('/api/v1/showtimes'),
    );
  });
});
