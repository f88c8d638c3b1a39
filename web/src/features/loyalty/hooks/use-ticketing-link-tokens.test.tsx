import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDataQueryOptions } from '@/api/get-app-data';
import type { AppData, LoyaltyConfig, TicketingProvider } from '@/types/api';
import type { CypherReply } from '../types';
import { LoyaltySessionProvider, useLoyaltySession } from './loyalty-session';
import { useTicketingLinkTokens } from './use-ticketing-link-tokens';

// The demo chain: its loyalty ticketing service is the site-wide provider's booking site,
// and Harbor IMAX names a provider of its own.
const page = window.location.origin;
const siteWide: TicketingProvider = { name: 'BOOST_POS', url: 'https://tickets.marqueecinemas.example' };
const config: LoyaltyConfig = {
  provider: 'BOOST_POS',
  version: 3,
  circuitId: '77',
  sessionTimeout: 720,
  ticketingUrl: 'https://tickets.marqueecinemas.example/',
};
const appData = {
  site: { loyalty: config, settings: { ticketingProvider: siteWide } },
  theaters: [
    { id: '101', code: 'DT01', ticketingProvider: siteWide },
    { id: '103', code: 'HB03', ticketingProvider: { name: 'VISTA', url: 'https://boxoffice.harborimax.example' } },
  ],
} as unknown as AppData;

function signedInMember() {
  document.cookie = `loyaltySession=${encodeURIComponent(JSON.stringify({ token: 't0', refreshToken: 'r0', cypherVersion: 3 }))}; path=/`;
  const replies: Record<string, CypherReply> = {
    '/Member/v3/RefreshLogin': {
      peachCode: 0,
      sessionManagementTokens: { boxofficeSessionToken: 't1', boxofficeRefreshSessionToken: 'r1' },
    },
    '/Member/v3/GetMember/': { peachCode: 0, memberDetails: { memberId: 'm1', memberExpiry: '0001-01-01T00:00:00Z' } },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn((_path: string, init: RequestInit) => {
      const route = (JSON.parse(init.body as string) as { reqMetadata: { route: string } }).reqMetadata.route;
      const key = Object.keys(replies).find((prefix) => route.startsWith(prefix));
      const reply = key ? replies[key] : { peachCode: 30 };
      return Promise.resolve(new Response(JSON.stringify(reply), { headers: { 'Content-Type': 'application/json' } }));
    }),
  );
}

function MemberLinks({ links }: { links: Array<{ href: string; target?: string }> }) {
  useTicketingLinkTokens();
  const { member } = useLoyaltySession();
  return (
    <>
      <p data-testid="token">{member?.token}</p>
      {links.map(({ href, target }) => (
        <a key={href} href={href} target={target}>
          {href}
        </a>
      ))}
    </>
  );
}

/** Renders the links for a signed-in member, once the session has its refreshed token. */
async function renderForMember(links: Array<{ href: string; target?: string }>) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(appDataQueryOptions().queryKey, appData);
  render(
    <QueryClientProvider client={queryClient}>
      <LoyaltySessionProvider config={config} currentTheaterId="101">
        <MemberLinks links={links} />
      </LoyaltySessionProvider>
    </QueryClientProvider>,
  );
  await screen.findByText('t1', {}, { timeout: 3000 });
}

/**
 * Clicks the link and answers what the page read of its href while the click ran (after
 * every handler of the page) and whether the browser was left to follow it; the browser's
 * own navigation is held back, the test page staying where it is.
 */
function click(href: string, init: MouseEventInit = {}) {
  const anchor = screen.getByText(href);
  let hrefDuringClick: string | null = null;
  let followedByBrowser = false;
  const browser = (event: Event) => {
    hrefDuringClick = anchor.getAttribute('href');
    followedByBrowser = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('click', browser);
  anchor.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  window.removeEventListener('click', browser);
  return { hrefDuringClick, hrefAfterClick: anchor.getAttribute('href'), followedByBrowser };
}

describe('useTicketingLinkTokens', () => {
  beforeEach(() => {
    signedInMember();
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it.each([
    [
      'https://tickets.marqueecinemas.example/sales/1/book?perfcode=P',
      'https://tickets.marqueecinemas.example/sales/1/book?perfcode=P&sessionToken=t1',
    ],
    ['/loyaltycredit/', `${page}/loyaltycredit/?sessionToken=t1`],
    ['/launch/ticketing/?theaterId=101', `${page}/launch/ticketing/?theaterId=101&sessionToken=t1`],
  ])('a click on %s goes to %s, the href never holding the token', async (href, withToken) => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await renderForMember([{ href }]);
    const { hrefDuringClick, hrefAfterClick, followedByBrowser } = click(href);
    expect(assign).toHaveBeenCalledExactlyOnceWith(withToken);
    expect(followedByBrowser).toBe(false);
    expect(hrefDuringClick).toBe(href);
    expect(hrefAfterClick).toBe(href);
  });

  it.each([
    // Harbor IMAX's "Order food and drinks" leads to its own provider.
    '/startconcessions/?theaterId=103',
    'https://boxoffice.harborimax.example/sales/HB03/book',
    '/movies/',
  ])('a click on %s is left to the browser, without the token', async (href) => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await renderForMember([{ href }]);
    const { hrefDuringClick, hrefAfterClick, followedByBrowser } = click(href);
    expect(assign).not.toHaveBeenCalled();
    expect(followedByBrowser).toBe(true);
    expect(hrefDuringClick).toBe(href);
    expect(hrefAfterClick).toBe(href);
  });

  it.each<[string, string | undefined, MouseEventInit]>([
    ['a link for a new window', '_blank', {}],
    ['a Ctrl-click', undefined, { ctrlKey: true }],
    ['a Cmd-click', undefined, { metaKey: true }],
  ])('%s opens the tokenised address in a new window, the href left alone', async (_case, target, init) => {
    const href = 'https://tickets.marqueecinemas.example/giftcards';
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await renderForMember([{ href, target }]);
    const { hrefDuringClick, hrefAfterClick } = click(href, init);
    expect(open).toHaveBeenCalledExactlyOnceWith(`${href}?sessionToken=t1`, '_blank', 'noreferrer');
    expect(hrefDuringClick).toBe(href);
    expect(hrefAfterClick).toBe(href);
  });

  it('leaves a click the page has handled, and one with Alt, to the page and the browser', async () => {
    const href = 'https://tickets.marqueecinemas.example/giftcards';
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    await renderForMember([{ href }]);
    const handled = (event: Event) => event.preventDefault();
    screen.getByText(href).addEventListener('click', handled);
    expect(click(href).followedByBrowser).toBe(false);
    screen.getByText(href).removeEventListener('click', handled);
    expect(click(href, { altKey: true }).followedByBrowser).toBe(true);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByText(href).getAttribute('href')).toBe(href);
  });
});
