import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { announceMemberLogin } from '@/state/page-store';
import { CinemaMarketingTracker } from './cinema-marketing-tracker';

const marketing = { customerId: 'marquee-42', scriptUrl: 'https://tracker.example/marketing.js' };
type DataLayerWindow = Window & { dataLayer?: Array<Record<string, unknown>> };

function loginEvents() {
  return ((window as DataLayerWindow).dataLayer ?? []).filter((entry) => entry.event === 'TrackMemberLogin');
}

describe('CinemaMarketingTracker', () => {
  afterEach(() => {
    cleanup();
    delete (window as DataLayerWindow).dataLayer;
  });

  it('hears a sign-in made before it mounted, hashed', async () => {
    announceMemberLogin('m-early', new Date('2026-11-23T05:00:00Z'));
    render(<CinemaMarketingTracker marketing={marketing} trackersEnabled={false} purposeDenied={false} />);
    await expect.poll(() => loginEvents().length).toBe(1);
    expect(loginEvents()[0]).toMatchObject({ customerId: 'marquee-42', loginDateTime: '2026-11-23T05:00:00.000Z' });
    expect(JSON.stringify(loginEvents())).not.toContain('m-early');
  });

  it('drops a sign-in made while a purpose is refused, even once the visitor accepts', async () => {
    const { rerender } = render(
      <CinemaMarketingTracker marketing={marketing} trackersEnabled={false} purposeDenied />,
    );
    announceMemberLogin('m-refused');
    rerender(<CinemaMarketingTracker marketing={marketing} trackersEnabled purposeDenied={false} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loginEvents()).toEqual([]);
    announceMemberLogin('m-later');
    await expect.poll(() => loginEvents().length).toBe(1);
  });
});
