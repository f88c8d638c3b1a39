import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appDataQueryOptions } from '@/api/get-app-data';
import type { AppData, PageContent, Showtime } from '@/types/api';
import { usePageShowtimes } from './use-page-showtimes';

const showtime = (id: string, theaterId: string): Showtime => ({ id, theaterId, movieId: '1001' });

function renderPageShowtimes(content: PageContent, theaterId?: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const appData = { site: { config: { showtimeGraceMinutes: 10 } }, theaters: [] } as unknown as AppData;
  queryClient.setQueryData(appDataQueryOptions().queryKey, appData);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => usePageShowtimes(content, { theaterId, movieId: '1001' }), { wrapper });
}

describe('usePageShowtimes', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("lists the page's own showtimes, the chosen theater's once there is one, without a request", () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const content = { showtimes: [showtime('a', '101'), showtime('b', '102')] };
    expect(renderPageShowtimes(content).result.current).toMatchObject({ kind: 'listed', showtimes: content.showtimes });
    const chosen = renderPageShowtimes(content, '102').result.current;
    expect(chosen).toMatchObject({ kind: 'listed', showtimes: [{ id: 'b' }] });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('leaves out the showtimes no longer offered, published or fetched', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-25T19:45:00-05:00'), toFake: ['Date'] });
    const started = { ...showtime('a', '101'), startsAt: '2026-11-25T19:30:00-05:00' };
    const ahead = { ...showtime('b', '101'), startsAt: '2026-11-25T21:00:00-05:00' };
    const marked = { ...showtime('c', '101'), started: true };
    const content = { showtimes: [started, ahead, marked] };
    expect(renderPageShowtimes(content).result.current).toMatchObject({ kind: 'listed', showtimes: [{ id: 'b' }] });
    const fetch = vi.fn(() => Promise.resolve(Response.json([started, ahead, marked])));
    vi.stubGlobal('fetch', fetch);
    const { result } = renderPageShowtimes({ theaterIds: ['101'] }, '101');
    await waitFor(() => expect(result.current).toMatchObject({ kind: 'listed', loading: false, showtimes: [{ id: 'b' }] }));
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
