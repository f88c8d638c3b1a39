import { describe, expect, it } from 'vitest';
import type { Theater, TicketingProvider } from '@/types/api';
import {
  handOffRequested,
  handOffTarget,
  handOffVersion,
  invalidTokenRedirect,
  ticketingLinkWithToken,
  withTokenParameter,
  type TicketingLinkSettings,
} from './hand-off';

describe('ticketing hand-off', () => {
  const page = 'https://www.marquee.example';
  it.each([
    ['?return=sales/101/book%3Fperfcode%3D9', 'https://tickets.example/', 'https://tickets.example/sales/101/book?perfcode=9'],
    ['?return=/sales/1', 'https://tickets.example', 'https://tickets.example/sales/1'],
    ['?other=1', 'https://tickets.example/', undefined],
    ['?return=checkout', '', undefined],
    ['', 'https://tickets.example/', undefined],
    // The sandbox: a ticketingUrl that is a path on this site stays a path under it.
    ['?return=sales/1/book', '/ticketing-sandbox/', '/ticketing-sandbox/sales/1/book'],
  ])('search %j with ticketingUrl %j goes to %j', (search, ticketingUrl, target) => {
    expect(handOffTarget(search, ticketingUrl, page)).toBe(target);
  });

  it.each([
    // userinfo: the ticketing host becomes the user name of another host
    ['@evil.example/', 'https://tickets.example'],
    [':pw@evil.example/', 'https://tickets.example'],
    // the host name continued
    ['.evil.example/', 'https://tickets.example'],
    [':8443/', 'https://tickets.example'],
    // protocol-relative and backslashes after a ticketingUrl that is a path
    ['/evil.example/', '/'],
    ['\\evil.example/', '/'],
    // out of the sandbox's path
    ['../account/', '/ticketing-sandbox/'],
    ['%2E%2E/account/', '/ticketing-sandbox/'],
    ['-evil/', '/ticketing-sandbox'],
    ['https://evil.example/', 'https://tickets.example'],
  ])('refuses the return %j after %j', (returnValue, ticketingUrl) => {
    const search = `?${new URLSearchParams({ return: returnValue })}`;
    expect(handOffTarget(search, ticketingUrl, page)).toBeUndefined();
  });

  it.each([
    ['?return=%40evil.example%2F', 'https://tickets.example'],
    ['?return=%2F%2Fevil.example%2F', '/'],
    ['?return=%5C%5Cevil.example', '/'],
  ])('refuses the encoded search %j after %j', (search, ticketingUrl) => {
    expect(handOffTarget(search, ticketingUrl, page)).toBeUndefined();
  });

  it('keeps an absolute return on the ticketing host as a path there', () => {
    expect(handOffTarget('?return=https%3A%2F%2Fevil.example%2F', 'https://tickets.example/', page)).toBe(
      'https://tickets.example/https://evil.example/',
    );
  });

  it.each([
    ['?return=sales/1', 'https://tickets.example', true],
    ['?return=@evil.example/', 'https://tickets.example', true],
    ['?return=', 'https://tickets.example', false],
    ['?other=1', 'https://tickets.example', false],
    ['?return=sales/1', '', false],
  ])('search %j with ticketingUrl %j asks for the hand-off: %s', (search, ticketingUrl, requested) => {
    expect(handOffRequested(search, ticketingUrl)).toBe(requested);
  });

  it('runs version 1 only for a member who may be signed in', () => {
    expect(handOffVersion(1, true)).toBe(1);
    expect(handOffVersion(1, false)).toBeUndefined();
    expect(handOffVersion(3, false)).toBe(3);
  });

  it('adds the token to a URL that already has a query', () => {
    expect(withTokenParameter('https://t.example/sales?x=1', 'RTS', 'a b')).toBe('https://t.example/sales?x=1&token=a+b');
  });

  it('keeps the query string when an invalid token sends the member away', () => {
    expect(invalidTokenRedirect('login', '?return=checkout&utm_source=x')).toBe('/login?return=checkout&utm_source=x');
    expect(invalidTokenRedirect('/login', '')).toBe('/login');
  });
});

describe('withTokenParameter on a path', () => {
  it('keeps a path a path', async () => {
    const { withTokenParameter } = await import('./hand-off');
    expect(withTokenParameter('/ticketing-sandbox/sales/1/book?perfcode=P', 'RTS', 't 1')).toBe(
      '/ticketing-sandbox/sales/1/book?perfcode=P&token=t+1',
    );
  });
});

describe('ticketingLinkWithToken', () => {
  // The demo chain: its loyalty ticketing service is the site-wide provider's booking site;
  // Harbor IMAX names a provider of its own.
  const page = 'https://www.marqueecinemas.example';
  const siteWide: TicketingProvider = { name: 'BOOST_POS', url: 'https://tickets.marqueecinemas.example' };
  const theaters: Theater[] = [
    { id: '101', code: 'DT01', ticketingProvider: siteWide },
    { id: '103', code: 'HB03', ticketingProvider: { name: 'VISTA', url: 'https://boxoffice.harborimax.example' } },
  ];
  const settings: TicketingLinkSettings = {
    ticketingUrl: 'https://tickets.marqueecinemas.example/',
    provider: 'BOOST_POS',
    token: 't1',
    pageOrigin: page,
    theaters,
    siteTicketingProvider: siteWide,
  };

  it.each<[string, string | undefined]>([
    // The loyalty ticketing service's own pages.
    [
      'https://tickets.marqueecinemas.example/sales/1/book?perfcode=P',
      'https://tickets.marqueecinemas.example/sales/1/book?perfcode=P&sessionToken=t1',
    ],
    ['https://tickets.marqueecinemas.example:8443/sales/1/book', undefined],
    ['http://tickets.marqueecinemas.example/sales/1/book', undefined],
    // Another ticketing provider, linked to directly: a theater's own booking site.
    ['https://boxoffice.harborimax.example/sales/HB03/book?perfcode=P', undefined],
    ['https://other.example/x', undefined],
    ['/movies/', undefined],
    // This site's hand-offs, through the gateway's redirect: only to the loyalty ticketing service.
    ['/loyaltycredit/', `${page}/loyaltycredit/?sessionToken=t1`],
    ['/loyalty/upgrade', `${page}/loyalty/upgrade?sessionToken=t1`],
    ['/launch/ticketing/?theaterId=101', `${page}/launch/ticketing/?theaterId=101&sessionToken=t1`],
    ['/startticketing/?theaterCode=DT01&perfCode=P', `${page}/startticketing/?theaterCode=DT01&perfCode=P&sessionToken=t1`],
    // Harbor IMAX's "Order food and drinks" and its other hand-offs lead to its own provider.
    ['/startconcessions/?theaterId=103', undefined],
    ['/refund/?theaterId=103', undefined],
    ['/startticketing/?theaterCode=HB03&perfCode=P', undefined],
    ['/startconcessions/?theaterCode=DT01&theaterId=103', `${page}/startconcessions/?theaterCode=DT01&theaterId=103&sessionToken=t1`],
    // A theater there is none of: the gateway answers 404.
    ['/startconcessions/?theaterId=999', undefined],
    ['/loyaltycredit-news/', undefined],
    ['https://other.example/loyaltycredit/', undefined],
  ])('%s -> %s', (href, expected) => {
    expect(ticketingLinkWithToken(href, settings)).toBe(expected);
  });

  it('adds no token without a member token or a ticketingUrl', () => {
    const ticketingPage = 'https://tickets.marqueecinemas.example/sales/1/book';
    expect(ticketingLinkWithToken(ticketingPage, { ...settings, token: '' })).toBeUndefined();
    expect(ticketingLinkWithToken(ticketingPage, { ...settings, ticketingUrl: '' })).toBeUndefined();
  });

  it("adds none to the chain's hand-offs when the site-wide provider is not the loyalty ticketing service", () => {
    const elsewhere = { ...settings, siteTicketingProvider: { name: 'VISTA', url: 'https://boxoffice.other.example' } };
    expect(ticketingLinkWithToken('/giftcards/', elsewhere)).toBeUndefined();
    expect(ticketingLinkWithToken('/giftcards/', { ...settings, siteTicketingProvider: null })).toBeUndefined();
    expect(ticketingLinkWithToken('/launch/ticketing/?theaterId=101', elsewhere)).toBe(
      `${page}/launch/ticketing/?theaterId=101&sessionToken=t1`,
    );
  });

  it.each<[string, string | undefined]>([
    ['/ticketing-sandbox/sales/1/book', `${page}/ticketing-sandbox/sales/1/book?token=t1`],
    ['/account/', undefined],
    ['https://tickets.marqueecinemas.example/sales/1/book', undefined],
    // The sandbox stands in for every provider: each hand-off redirects to it, on this site.
    ['/loyaltycredit/', `${page}/loyaltycredit/?token=t1`],
    ['/startconcessions/?theaterId=103', `${page}/startconcessions/?theaterId=103&token=t1`],
  ])('for a ticketingUrl that is a path on this site (the sandbox), %s -> %s', (href, expected) => {
    expect(ticketingLinkWithToken(href, { ...settings, ticketingUrl: '/ticketing-sandbox/', provider: 'RTS' })).toBe(expected);
  });
});
