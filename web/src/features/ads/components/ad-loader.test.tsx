import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import type { AdsConfig } from '@/types/api';
import { AD_CONFIGURATION_DEBOUNCE_MS } from '../utils/ad-rules';
import { AdLoader } from './ad-loader';

// The ad server's queue is what is checked: the library itself never loads here.
vi.mock('@/lib/load-script', () => ({ loadScript: () => Promise.resolve() }));
const googletag = vi.hoisted(() => ({ displaySlots: vi.fn(), clearSlots: vi.fn(), refreshSlots: vi.fn() }));
vi.mock('../utils/googletag', () => googletag);

/** Each theater's pages have their own ad path; no page names its scheduled movies. */
const AD_PATHS: Record<string, string> = {
  '/theaters/101-harbor/': '/1234/marquee/harbor',
  '/theaters/102-downtown/': '/1234/marquee/downtown',
};

function adsConfig(pagePath: string): AdsConfig {
  return {
    enabled: true,
    mode: 'PROGRAMMATIC',
    scriptUrl: 'https://ads.example/wrapper.js',
    adClass: '',
    pagePath,
    targeting: {},
    slots: [{ id: 'header', container: 'HeaderPromoContainer', sizes: 'fluid', sizeMapping: [] }],
    warnings: [],
    requiresConsent: false,
    singleRequest: true,
    collapseEmptySlots: true,
  };
}

vi.mock('../hooks/use-ad-page', () => ({
  useAdPage: () => {
    const { pathname } = useLocation();
    return {
      data: adsConfig(AD_PATHS[pathname] ?? '/1234/marquee'),
      inputs: { path: pathname, theaterId: undefined, movieId: undefined, pageTitle: '', scheduledMovieIds: undefined, isLoggedIn: false },
    };
  },
}));

/** The loader in a router at `path`; the router navigates as a link would. */
function renderLoader(path: string) {
  const loader = (
    <AdLoader
      site={undefined}
      theater={undefined}
      movies={{ scheduledMovieIds: undefined, movie: undefined }}
      consent={{ trackersEnabled: true, consentGiven: true }}
    />
  );
  const router = createMemoryRouter([{ path: '*', element: loader }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

/** Past the debounce, the set-up of the page as it stands is applied. */
function settle() {
  act(() => {
    vi.advanceTimersByTime(AD_CONFIGURATION_DEBOUNCE_MS);
  });
}

describe('AdLoader', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    for (const command of Object.values(googletag)) command.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("sets the slots up again for another theater's ad path, though the page names no scheduled movies", async () => {
    const router = renderLoader('/theaters/101-harbor/');
    settle();
    expect(googletag.displaySlots).toHaveBeenCalledTimes(1);
    expect(googletag.displaySlots.mock.lastCall?.[0]).toMatchObject([{ adUnitPath: '/1234/marquee/harbor' }]);

    await act(() => router.navigate('/theaters/102-downtown/'));
    settle();
    expect(googletag.clearSlots).toHaveBeenCalledWith(['HeaderPromoContainer']);
    expect(googletag.displaySlots).toHaveBeenCalledTimes(2);
    expect(googletag.displaySlots.mock.lastCall?.[0]).toMatchObject([{ adUnitPath: '/1234/marquee/downtown' }]);
  });

  it('keeps the slots while the ad path stays the same', async () => {
    const router = renderLoader('/theaters/101-harbor/');
    settle();
    await act(() => router.navigate('/theaters/101-harbor/?date=2026-11-28'));
    settle();
    expect(googletag.clearSlots).not.toHaveBeenCalled();
    expect(googletag.displaySlots).toHaveBeenCalledTimes(1);
  });
});
