import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDataQueryOptions } from '@/api/get-app-data';
import type { AppData, Showtime } from '@/types/api';
import { useOfferedShowtimes } from './use-offered-showtimes';

const showtimes: Showtime[] = [
  { id: 'long-gone', startsAt: '2026-11-25T18:00:00-05:00' },
  { id: 'in-its-grace', startsAt: '2026-11-25T19:25:00-05:00' },
  { id: 'marked-started', startsAt: '2026-11-25T21:00:00-05:00', started: true },
  { id: 'later', startsAt: '2026-11-25T21:00:00-05:00' },
];

/** Every list the hook gave, render by render. */
let renders: string[];

function OfferedIds() {
  const ids = useOfferedShowtimes(showtimes)
    .map((showtime) => showtime.id)
    .join(' ');
  renders.push(ids);
  return <p data-testid="offered">{ids}</p>;
}

function withGrace(graceMinutes: number | undefined, children: ReactNode) {
  const client = new QueryClient();
  const appData = { site: { config: { showtimeGraceMinutes: graceMinutes } }, theaters: [] } as unknown as AppData;
  client.setQueryData(appDataQueryOptions().queryKey, appData);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

const offered = () => screen.getByTestId('offered').textContent;

describe('useOfferedShowtimes', () => {
  beforeEach(() => {
    renders = [];
    vi.useFakeTimers({ now: new Date('2026-11-25T19:30:00-05:00') });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('hides what started more than the grace ago, and checks again every minute', async () => {
    render(withGrace(10, <OfferedIds />));
    expect(offered()).toBe('in-its-grace later');
    await act(() => vi.advanceTimersByTimeAsync(4 * 60_000));
    expect(offered()).toBe('in-its-grace later');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(offered()).toBe('later');
  });

  it('hydrates the list as the server rendered it, then applies the clock', () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.createElement('div');
    container.innerHTML = renderToString(withGrace(10, <OfferedIds />));
    document.body.append(container);
    expect(renders).toEqual(['long-gone in-its-grace later']);
    renders = [];
    render(withGrace(10, <OfferedIds />), { container, hydrate: true });
    expect(renders[0]).toBe('long-gone in-its-grace later');
    expect(offered()).toBe('in-its-grace later');
    expect(errors).not.toHaveBeenCalled();
  });

  it('takes no grace when the site names none', () => {
    render(withGrace(undefined, <OfferedIds />));
    expect(offered()).toBe('later');
  });
});
