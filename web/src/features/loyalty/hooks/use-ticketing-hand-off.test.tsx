import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoyaltyConfig } from '@/types/api';
import type { CypherReply } from '../types';
import { LoyaltySessionProvider } from './loyalty-session';
import { useTicketingHandOff, type HandOff } from './use-ticketing-hand-off';

const member = { memberId: 'm1', memberExpiry: '0001-01-01T00:00:00Z' };
const tokens = { sessionManagementTokens: { boxofficeSessionToken: 't1', boxofficeRefreshSessionToken: 'r1' } };

function provider(replies: Record<string, CypherReply>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((_path: string, init: RequestInit) => {
      const route = (JSON.parse(init.body as string) as { reqMetadata: { route: string } }).reqMetadata.route;
      const key = Object.keys(replies).find((prefix) => route.startsWith(prefix));
      return Promise.resolve(
        new Response(JSON.stringify(key ? replies[key] : { peachCode: 30 }), {
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
}

function Probe({ search, navigate, onHandOff }: { search: string; navigate: (url: string) => void; onHandOff: (h?: HandOff) => void }) {
  onHandOff(useTicketingHandOff({ search, loginPath: 'login', navigate }));
  return null;
}

function renderHandOff(config: LoyaltyConfig, search: string) {
  const navigate = vi.fn();
  const seen: Array<HandOff | undefined> = [];
  render(
    <LoyaltySessionProvider config={config} currentTheaterId="101">
      <Probe search={search} navigate={navigate} onHandOff={(handOff) => seen.push(handOff)} />
    </LoyaltySessionProvider>,
  );
  return { navigate, seen };
}

const v3Config = { provider: 'BOOST_POS', version: 3, circuitId: '77', sessionTimeout: 720, ticketingUrl: 'https://tickets.example/' };

describe('useTicketingHandOff', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it('posts the token to ticketingUrl + return on version 3 once the token is valid', async () => {
    document.cookie = `loyaltySession=${encodeURIComponent(JSON.stringify({ token: 't0', refreshToken: 'r0', cypherVersion: 3 }))}; path=/`;
    provider({
      '/Member/v3/RefreshLogin': { peachCode: 0, ...tokens },
      '/Member/v3/GetMember/': { peachCode: 0, memberDetails: member },
    });
    const { seen } = renderHandOff(v3Config, '?return=sales/101/book');
    await waitFor(() =>
      expect(seen.at(-1)).toEqual({ kind: 'form', url: 'https://tickets.example/sales/101/book', token: 't1', provider: 'BOOST_POS' }),
    );
  });

  it('validates a version 1 token with ValidateToken and hands it to the overlay, apart from its link', async () => {
    document.cookie = `loyaltySession=${encodeURIComponent(
      JSON.stringify({ token: 't0', refreshToken: 'r0', cypherVersion: 1, memberId: 'm1' }),
    )}; path=/`;
    const routes: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_path: string, init: RequestInit) => {
        const route = (JSON.parse(init.body as string) as { reqMetadata: { route: string } }).reqMetadata.route;
        routes.push(route);
        let reply: CypherReply = { peachCode: 30 };
        if (route.startsWith('/Member/RefreshLogin')) reply = { peachCode: 0, statusCode: 200, memberDetails: member, ...tokens };
        if (route.startsWith('/Member/ValidateToken')) reply = { peachCode: 0, statusCode: 200, memberId: 'm1' };
        return Promise.resolve(new Response(JSON.stringify(reply), { headers: { 'Content-Type': 'application/json' } }));
      }),
    );
    const { seen } = renderHandOff({ ...v3Config, provider: 'NONE', version: 1 }, '?return=sales/101/book');
    await waitFor(() =>
      expect(seen.at(-1)).toEqual({ kind: 'overlay', url: 'https://tickets.example/sales/101/book', token: 't1', provider: 'NONE' }),
    );
    expect(routes).toContain('/Member/ValidateToken?circuitId=77');
    expect(routes.some((route) => route.startsWith('/Member/GetMember'))).toBe(false);
  });

  it('does nothing without ?return=', async () => {
    document.cookie = `loyaltySession=${encodeURIComponent(JSON.stringify({ token: 't0', refreshToken: 'r0', cypherVersion: 3 }))}; path=/`;
    provider({
      '/Member/v3/RefreshLogin': { peachCode: 0, ...tokens },
      '/Member/v3/GetMember/': { peachCode: 0, memberDetails: member },
    });
    const { seen } = renderHandOff(v3Config, '?utm_source=x');
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(seen.every((handOff) => handOff === undefined)).toBe(true);
  });

  it('signs the member out and sends them to the login page, query kept, when the token is refused', async () => {
    document.cookie = `loyaltySession=${encodeURIComponent(JSON.stringify({ token: 't0', refreshToken: 'r0', cypherVersion: 3 }))}; path=/`;
    let getMemberCalls = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn((_path: string, init: RequestInit) => {
        const route = (JSON.parse(init.body as string) as { reqMetadata: { route: string } }).reqMetadata.route;
        let reply: CypherReply = { peachCode: 0 };
        if (route.startsWith('/Member/v3/RefreshLogin')) reply = { peachCode: 0, ...tokens };
        if (route.startsWith('/Member/v3/GetMember/')) {
          getMemberCalls += 1;
          reply = getMemberCalls === 1 ? { peachCode: 0, memberDetails: member } : { peachCode: 30 };
        }
        return Promise.resolve(new Response(JSON.stringify(reply), { headers: { 'Content-Type': 'application/json' } }));
      }),
    );
    const { navigate, seen } = renderHandOff(v3Config, '?return=checkout&utm_source=x');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login?return=checkout&utm_source=x'));
    expect(document.cookie).not.toContain('loyaltySession=%7B');
    expect(seen.every((handOff) => handOff === undefined)).toBe(true);
  });

  it('signs the member out and sends them to the login page, query kept, when the return would leave the ticketing site', async () => {
    document.cookie = `loyaltySession=${encodeURIComponent(JSON.stringify({ token: 't0', refreshToken: 'r0', cypherVersion: 3 }))}; path=/`;
    provider({
      '/Member/v3/RefreshLogin': { peachCode: 0, ...tokens },
      '/Member/v3/GetMember/': { peachCode: 0, memberDetails: member },
    });
    // After a ticketingUrl without a trailing slash, @evil.example/ makes the ticketing host a user name.
    const { navigate, seen } = renderHandOff({ ...v3Config, ticketingUrl: 'https://tickets.example' }, '?return=@evil.example/');
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('/login?return=@evil.example/'));
    expect(document.cookie).not.toContain('loyaltySession=%7B');
    expect(seen.every((handOff) => handOff === undefined)).toBe(true);
  });
});
