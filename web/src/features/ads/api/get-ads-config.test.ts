import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAdsConfig } from './get-ads-config';

const page = { path: '/movies/', theaterId: '101', movieId: undefined, pageTitle: 'Movies', scheduledMovieIds: undefined };

function requestedUrls(): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return Promise.resolve(new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
    }),
  );
  return urls;
}

describe('getAdsConfig', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('tells the ad set-up whether a member is signed in, once that is known (isLoggedIn targeting)', async () => {
    const urls = requestedUrls();
    await getAdsConfig({ ...page, isLoggedIn: true });
    await getAdsConfig({ ...page, isLoggedIn: false });
    await getAdsConfig(page);
    const loggedIn = urls.map((url) => new URL(url, 'https://site.example').searchParams.get('isLoggedIn'));
    expect(loggedIn).toEqual(['true', 'false', null]);
  });
});
