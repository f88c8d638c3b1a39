import { describe, expect, it } from 'vitest';
import { outboundClick, pageView, trackedPath, trackedUrl } from './tracked-events';

describe('what an address is reported as: its path and utm_* parameters alone', () => {
  it.each([
    ['/movies/', '', '/movies/'],
    ['/movies/', '?playWeek=NEXT', '/movies/'],
    ['/account/reset-password/', '?resetCode=R3537&email=ada%40example.com', '/account/reset-password/'],
    ['/movies/', '?sessionToken=t0&utm_source=mail&utm_campaign=fall', '/movies/?utm_source=mail&utm_campaign=fall'],
    ['/movies/', '?UTM_Medium=social&debug=true', '/movies/?UTM_Medium=social'],
  ])('the page %s%s is %s', (pathname, search, expected) => {
    expect(trackedPath(pathname, search)).toBe(expected);
    expect(pageView(pathname, search)).toEqual({ event: 'page_view', page_path: expected });
  });

  it.each([
    ['https://tickets.example.org/buy', 'https://tickets.example.org/buy'],
    ['https://tickets.example.org/buy?perfcode=P1&sessionToken=t0', 'https://tickets.example.org/buy'],
    ['https://tickets.example.org/buy?token=t0&utm_source=site#seats', 'https://tickets.example.org/buy?utm_source=site'],
    ['https://www.marqueecinemas.com/account/reset-password/?resetCode=R3537#main', 'https://www.marqueecinemas.com/account/reset-password/'],
    ['https://tickets.example.org/#a?b=c', 'https://tickets.example.org/'],
    ['webcal://calendar.example/feed?key=k1', 'webcal://calendar.example/feed'],
  ])('the address %s is %s', (url, expected) => {
    expect(trackedUrl(url)).toBe(expected);
    expect(outboundClick(url)).toEqual({ event: 'click', category: 'Navigation', label: `out: ${expected}` });
  });
});
