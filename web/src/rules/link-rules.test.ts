import { HAND_OFF_SEGMENTS } from '@/config/hand-offs';
import { describe, expect, it } from 'vitest';
import {
  isOtherSite,
  isPreviewPath,
  resolveLink,
  utmParameters,
  withoutPreviewPrefix,
  type LinkContext,
} from './link-rules';

const page: LinkContext = {
  location: { protocol: 'https:', host: 'www.marqueecinemas.com', pathname: '/movies/', search: '' },
};
const withSearch = (search: string): LinkContext => ({ location: { ...page.location, search } });

describe('resolveLink', () => {
  it.each<[string | undefined, LinkContext, ReturnType<typeof resolveLink>]>([
    [undefined, page, { kind: 'disabled' }],
    ['', page, { kind: 'disabled' }],
    ['   ', page, { kind: 'disabled' }],
    ['#', page, { kind: 'disabled' }],
    // A host no domain name can be goes nowhere: a label past 63 octets, 255 octets in all.
    [`https://${'x'.repeat(64)}.com/`, page, { kind: 'disabled' }],
    [`https://${['a', 'b', 'c', 'd'].map((letter) => letter.repeat(63)).join('.')}/`, page, { kind: 'disabled' }],
    [`https://${'x'.repeat(63)}.com/`, page, { kind: 'external', href: `https://${'x'.repeat(63)}.com/` }],
    ['hello@marqueecinemas.com', page, { kind: 'plain', href: 'mailto:hello@marqueecinemas.com' }],
    ['mailto:hello@marqueecinemas.com', page, { kind: 'plain', href: 'mailto:hello@marqueecinemas.com' }],
    ['tel:+15551234567', page, { kind: 'plain', href: 'tel:+15551234567' }],
    ['/api/startticketing/redirect?theaterId=101', page, { kind: 'plain', href: '/api/startticketing/redirect?theaterId=101' }],
    ['/ticketing-sandbox/sales/101/book?perfcode=P1', page, { kind: 'plain', href: '/ticketing-sandbox/sales/101/book?perfcode=P1' }],
    ['#showtimes', page, { kind: 'hash', href: '#showtimes', targetId: 'showtimes' }],
    ['/theaters', page, { kind: 'internal', to: '/theaters/' }],
    ['/theaters/', page, { kind: 'internal', to: '/theaters/' }],
    ['/404.html', page, { kind: 'internal', to: '/404.html' }],
    ['1001-the-long-night', page, { kind: 'internal', to: '/movies/1001-the-long-night/' }],
    ['https://www.marqueecinemas.com/about', page, { kind: 'internal', to: '/about/' }],
    // Same site, other host: the same window, but a full page load.
    ['https://shop.marqueecinemas.com/gift', page, { kind: 'plain', href: 'https://shop.marqueecinemas.com/gift' }],
    ['https://www.facebook.com/marquee', page, { kind: 'external', href: 'https://www.facebook.com/marquee' }],
    ['https://marqueecinemas.co.uk/', page, { kind: 'external', href: 'https://marqueecinemas.co.uk/' }],
    ['webcal://calendar.example/feed', page, { kind: 'external', href: 'webcal://calendar.example/feed' }],
    // Only utm_* parameters of the page travel, onto internal and external links alike.
    ['/events/', withSearch('?utm_source=mail&utm_campaign=fall&theaterId=t1'), { kind: 'internal', to: '/events/?utm_source=mail&utm_campaign=fall' }],
    ['https://tickets.example.org/buy?x=1', withSearch('?utm_medium=social&debug=true'), { kind: 'external', href: 'https://tickets.example.org/buy?x=1&utm_medium=social' }],
    // The link's own parameter wins over the page's.
    ['/movies/?utm_source=site', withSearch('?utm_source=mail'), { kind: 'internal', to: '/movies/?utm_source=site' }],
    // An anchor of the page itself by its full address is an anchor link: focus moves to it.
    ['/movies/#now', page, { kind: 'hash', href: '#now', targetId: 'now' }],
    ['/movies#now', page, { kind: 'hash', href: '#now', targetId: 'now' }],
    ['https://www.marqueecinemas.com/movies/#caf%C3%A9', page, { kind: 'hash', href: '#caf%C3%A9', targetId: 'café' }],
    ['/movies/#now', withSearch('?utm_source=mail'), { kind: 'hash', href: '#now', targetId: 'now' }],
    ['/movies/?utm_source=mail#now', withSearch('?utm_source=mail'), { kind: 'hash', href: '#now', targetId: 'now' }],
    ['/movies/#', page, { kind: 'internal', to: '/movies/' }],
    ['/theaters/#now', page, { kind: 'internal', to: '/theaters/#now' }],
    ['/movies/?playWeek=NEXT#now', page, { kind: 'internal', to: '/movies/?playWeek=NEXT#now' }],
    ['/movies', { ...page, trailingSlash: 'never' }, { kind: 'internal', to: '/movies' }],
    // A malformed escape in an anchor (a footer link '#50%') leaves the id as written.
    ['#50%', page, { kind: 'hash', href: '#50%', targetId: '50%' }],
    ['#%E0%A4%A', page, { kind: 'hash', href: '#%E0%A4%A', targetId: '%E0%A4%A' }],
    ['/movies/#50%', page, { kind: 'hash', href: '#50%', targetId: '50%' }],
    ['/theaters/%E0%A4%A/', page, { kind: 'internal', to: '/theaters/%E0%A4%A/' }],
  ])('%j', (destination, context, expected) => {
    expect(resolveLink(destination, context)).toEqual(expected);
  });

  it.each([
    ['https://tickets.example.org/sales/T042/book?perfcode=P123', { kind: 'plain', href: '/startticketing/?theaterCode=T042&perfCode=P123' }],
    ['https://tickets.example.org/sales/T042/book/?perfCode=P9', { kind: 'plain', href: '/startticketing/?theaterCode=T042&perfCode=P9' }],
    ['https://tickets.example.org/sales/T042/book', { kind: 'external', href: 'https://tickets.example.org/sales/T042/book' }],
    // A theater code with a malformed escape names no theater: the link stays as it is.
    [
      'https://tickets.example.org/sales/%E0%A4%A/book?perfcode=P1',
      { kind: 'external', href: 'https://tickets.example.org/sales/%E0%A4%A/book?perfcode=P1' },
    ],
  ])('under tapos_embedded %s', (destination, expected) => {
    expect(resolveLink(destination, { ...page, embedContext: 'tapos_embedded' })).toEqual(expected);
  });

  it('leaves a booking link alone outside the embed context', () => {
    const href = 'https://tickets.example.org/sales/T042/book?perfcode=P123';
    expect(resolveLink(href, page)).toEqual({ kind: 'external', href });
  });
});

describe('isOtherSite', () => {
  it.each([
    ['www.marqueecinemas.com', 'marqueecinemas.com', false],
    ['tickets.marqueecinemas.com', 'www.marqueecinemas.com', false],
    ['www.marqueecinemas.co.uk', 'www.marqueecinemas.com', true],
    ['alice.github.io', 'bob.github.io', true],
    ['127.0.0.1:8091', '127.0.0.1:8091', false],
    ['localhost:5173', 'localhost:8091', false],
    ['www.facebook.com', 'www.marqueecinemas.com', true],
  ])('%s from %s: %s', (host, current, expected) => {
    expect(isOtherSite(host, current)).toBe(expected);
  });
});

describe('isPreviewPath', () => {
  it.each([
    ['/cms-preview', true],
    ['/cms-preview/movies/', true],
    ['/cms-previewer/', false],
    ['/movies/', false],
  ])('%s: %s', (path, expected) => {
    expect(isPreviewPath(path)).toBe(expected);
  });
});

describe('withoutPreviewPrefix', () => {
  it.each([
    ['/cms-preview/movies/', '/movies/'],
    ['/cms-preview', '/'],
    ['/cms-preview/', '/'],
    ['/cms-previewer/', '/cms-previewer/'],
    ['/movies/', '/movies/'],
  ])('%s -> %s', (pathname, expected) => {
    expect(withoutPreviewPrefix(pathname)).toBe(expected);
  });
});

describe('utmParameters', () => {
  it('keeps utm_* parameters only, in order', () => {
    expect(utmParameters('?a=1&utm_source=x&UTM_Term=y&b=2')).toEqual([
      ['utm_source', 'x'],
      ['UTM_Term', 'y'],
    ]);
  });
});

describe('hand-off links', () => {
  it.each(HAND_OFF_SEGMENTS)('/%s/ is answered by the server, not the app', (segment) => {
    expect(resolveLink(`/${segment}/?theaterId=101`, page)).toEqual({ kind: 'plain', href: `/${segment}/?theaterId=101` });
  });
});

describe('file links', () => {
  // The gateway's FILE_EXTENSIONS (gateway/src/page_routes.rs): files it serves, never pages of the app.
  it.each(['/menu.pdf', '/sitemap.xml', '/robots.txt', '/feeds/showtimes.json', '/legal/terms.html', '/widget.js', '/widget.js.map'])(
    '%s is a full page load, not a route of the app',
    (file) => {
      expect(resolveLink(file, page)).toEqual({ kind: 'plain', href: file });
    },
  );

  it('keeps the query and the fragment of a file link', () => {
    expect(resolveLink('https://www.marqueecinemas.com/menu.pdf?v=2#page=3', page)).toEqual({
      kind: 'plain',
      href: '/menu.pdf?v=2#page=3',
    });
  });

  it.each(['/404.html', '/500.html'])('%s is a page of the app', (path) => {
    expect(resolveLink(path, page)).toEqual({ kind: 'internal', to: path });
  });
});
