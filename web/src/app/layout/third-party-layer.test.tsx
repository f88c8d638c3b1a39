import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { SelectedTheaterProvider } from '@/state/selected-theater';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThirdPartyLayer } from './third-party-layer';

// Stand-ins that say they were placed: what is tested is whether the layer places them.
vi.mock('@/features/analytics/components/analytics', () => ({ Analytics: () => <p>analytics placed</p> }));
vi.mock('@/features/analytics/components/cinema-marketing-tracker', () => ({ CinemaMarketingTracker: () => null }));
vi.mock('@/features/ads/components/ad-loader', () => ({ AdLoader: () => <p>ad library placed</p> }));
vi.mock('@/features/consent/components/consent-manager', () => ({ ConsentManager: () => <p>consent placed</p> }));
vi.mock('@/lib/first-paint', () => ({ afterFirstPaint: () => Promise.resolve(), isAfterFirstPaint: () => true }));

afterEach(cleanup);

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <SelectedTheaterProvider>
          <ThirdPartyLayer />
        </SelectedTheaterProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the third-party layer', () => {
  it('places analytics and the ad library on a page', async () => {
    renderAt('/movies/');
    expect(await screen.findByText('analytics placed')).toBeTruthy();
    expect(screen.getByText('ad library placed')).toBeTruthy();
    expect(screen.getByText('consent placed')).toBeTruthy();
  });

  it('places none of them in a preview, whose address may hold its token', async () => {
    renderAt('/cms-preview/movies/?preview=token');
    // The page around it rendered (the layer's own parts would have by now).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('consent placed')).toBeNull();
    expect(screen.queryByText('analytics placed')).toBeNull();
    expect(screen.queryByText('ad library placed')).toBeNull();
  });
});
