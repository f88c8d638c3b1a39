import { describe, expect, it, vi } from 'vitest';
import { onTrack, outboundClick, track } from './track';

describe('track', () => {
  it('creates the data layer on first use and appends to it after', () => {
    const target: { dataLayer?: unknown[] } = {};
    track({ event: 'page_view', page_path: '/movies/' }, target);
    track(outboundClick('https://tickets.example/'), target);
    expect(target.dataLayer).toEqual([
      { event: 'page_view', page_path: '/movies/' },
      { event: 'click', category: 'Navigation', label: 'out: https://tickets.example/' },
    ]);
  });

  it('tells its listeners until they stop listening', () => {
    const listener = vi.fn();
    const stop = onTrack(listener);
    track({ event: 'page_view', page_path: '/a/' }, {});
    stop();
    track({ event: 'page_view', page_path: '/b/' }, {});
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith({ event: 'page_view', page_path: '/a/' });
  });
});
