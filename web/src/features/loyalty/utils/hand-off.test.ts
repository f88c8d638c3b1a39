import { describe, expect, it } from 'vitest';
import { handOffRequested, handOffTarget, handOffVersion, invalidTokenRedirect, tokenParameterName, withTokenParameter } from './hand-off';

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

  it.each([
    ['BOOST_POS', 'sessionToken'],
    ['BOOST_POS_WITHOUT_LOYALTY', 'sessionToken'],
    ['TAPOS', 'taposToken'],
    ['CGR', 'cgrSessionToken'],
    ['RTS', 'token'],
    ['NONE', 'token'],
  ])('carries the token of %s as %s', (provider, name) => {
    expect(tokenParameterName(provider)).toBe(name);
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
  const page = 'https://www.marquee.example';
  it('adds the token to links to the ticketing host', async () => {
    const { ticketingLinkWithToken } = await import('./hand-off');
    const options = { ticketingUrl: 'https://tickets.marquee.example/', provider: 'BOOST_POS', token: 't1', pageOrigin: page };
    expect(ticketingLinkWithToken('https://tickets.marquee.example/sales/1/book?perfcode=P', options)).toBe(
      'https://tickets.marquee.example/sales/1/book?perfcode=P&sessionToken=t1',
    );
    expect(ticketingLinkWithToken('https://other.example/x', options)).toBeUndefined();
    expect(ticketingLinkWithToken('/movies/', options)).toBeUndefined();
    expect(ticketingLinkWithToken('/movies/', { ...options, token: '' })).toBeUndefined();
  });

  it("adds the token to this site's hand-off pages, which pass it on to the ticketing site", async () => {
    const { ticketingLinkWithToken } = await import('./hand-off');
    const options = { ticketingUrl: 'https://tickets.marquee.example/', provider: 'TAPOS', token: 't1', pageOrigin: page };
    expect(ticketingLinkWithToken('/loyaltycredit/', options)).toBe(`${page}/loyaltycredit/?taposToken=t1`);
    expect(ticketingLinkWithToken('/loyalty/upgrade', options)).toBe(`${page}/loyalty/upgrade?taposToken=t1`);
    expect(ticketingLinkWithToken('/startticketing/?theaterCode=101&perfCode=P', options)).toBe(
      `${page}/startticketing/?theaterCode=101&perfCode=P&taposToken=t1`,
    );
    expect(ticketingLinkWithToken('/loyaltycredit-news/', options)).toBeUndefined();
    expect(ticketingLinkWithToken('https://other.example/loyaltycredit/', options)).toBeUndefined();
  });

  it('for a ticketing path on this site, only links under that path', async () => {
    const { ticketingLinkWithToken } = await import('./hand-off');
    const options = { ticketingUrl: '/ticketing-sandbox/', provider: 'RTS', token: 't1', pageOrigin: page };
    expect(ticketingLinkWithToken('/ticketing-sandbox/sales/1/book', options)).toBe(`${page}/ticketing-sandbox/sales/1/book?token=t1`);
    expect(ticketingLinkWithToken('/account/', options)).toBeUndefined();
  });
});
