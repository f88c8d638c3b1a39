import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageContent, Showtime } from '@/types/api';
import { usePageShowtimes } from './use-page-showtimes';

const showtime = (id: string, theaterId: string): Showtime => ({ id, theaterId, movieId: '1001' });

function renderPageShowtimes(content: PageContent, theaterId?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePageShowtimes(content, { theaterId, movieId: '1001' }), { wrapper });
}

describe('usePageShowtimes', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists the page's own showtimes, the chosen theater's once there is one, without a request", () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const content = { showtimes: [showtime('a', '101'), showtime('b', '102')] };
    expect(renderPageShowtimes(content).result.current).toMatchObject({ kind: 'listed', showtimes: content.showtimes });
    const chosen = renderPageShowtimes(content, '102').result.current;
    expect(chosen).toMatchObject({ kind: 'listed', showtimes: [{ id: 'b' }] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("names the theaters showing on a large chain's page until one is chosen", () => {
    const { result } = renderPageShowtimes({ theaterIds: ['102', '101'] });
    expect(result.current).toEqual({ kind: 'byTheater', theaterIds: ['102', '101'] });
  });

  it("fetches the chosen theater's showtimes of the movie when the page does not carry them", async () => {
    const fetch = vi.fn(() => Promise.resolve(Response.json([showtime('c', '101')])));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderPageShowtimes({ theaterIds: ['101'] }, '101');
    await waitFor(() => expect(result.current).toMatchObject({ kind: 'listed', loading: false, showtimes: [{ id: 'c' }] }));
    const asked = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://localhost');
    expect(asked.pathname).toBe('/api/v1/showtimes');
    expect(asked.searchParams.get('theaterId')).toBe('101');
    expect(asked.searchParams.get('movieId')).toBe('1001');
  });
});
