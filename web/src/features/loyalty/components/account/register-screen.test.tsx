import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { LoyaltySessionProvider } from '../../hooks/loyalty-session';
import { RegisterScreen } from './register-screen';

// The captcha's script is Google's; here the page already has its API.
vi.mock('@/lib/load-script', () => ({ loadScript: () => Promise.resolve() }));

const messages = {
  'loyalty.field.firstName': 'First name',
  'loyalty.field.lastName': 'Last name',
  'loyalty.field.email': 'Email',
  'loyalty.field.password': 'Password',
  'loyalty.field.phoneNumber': 'Phone number',
  'loyalty.register.submit': 'Create account',
};
const config = { provider: 'BOOST_POS', version: 3, circuitId: '77', sessionTimeout: 720, captchaSiteKey: 'site-key-1' };

type Sent = { route: string; captcha: unknown; payload: Record<string, unknown> };

/**
 * Answers every cypher call with success (or what `replies` gives for a route starting
 * with its key) and records each call's route, captcha token and payload.
 */
function recordCalls(replies: Record<string, Record<string, unknown>> = {}): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      const { reqMetadata, ...payload } = JSON.parse(init.body as string) as { reqMetadata: Record<string, unknown> };
      const route = String(reqMetadata.route);
      sent.push({ route, captcha: reqMetadata['g-recaptcha-response'], payload });
      const reply = Object.entries(replies).find(([prefix]) => route.startsWith(prefix))?.[1];
      return Promise.resolve(
        new Response(
          JSON.stringify(reply ?? {
            peachCode: 0,
            memberDetails: { memberId: 'm1', memberExpiry: '0001-01-01T00:00:00Z' },
            sessionManagementTokens: { boxofficeSessionToken: 't', boxofficeRefreshSessionToken: 'r' },
          }),
          { headers: { 'Content-Type': 'application/json' } },
        ),
      );
    }),
  );
  return sent;
}

function fillAndSubmit() {
  fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Analytical-Engine-1843' } });
  fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '2025550143' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('RegisterScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it('registers and signs the new member in, each with a captcha token of its own', async () => {
    let tokens = 0;
    vi.stubGlobal('grecaptcha', {
      ready: (callback: () => void) => callback(),
      execute: (key: string, { action }: { action: string }) => Promise.resolve(`${key}:${action}:${(tokens += 1)}`),
    });
    const sent = recordCalls();
    renderWithApp(
      <LoyaltySessionProvider config={config} currentTheaterId="101">
        <RegisterScreen />
      </LoyaltySessionProvider>,
      messages,
    );
    fillAndSubmit();

    await waitFor(() =>
      expect(sent.map((call) => call.route)).toEqual([
        '/Member/MemberSearch/77',
        expect.stringContaining('/Create'),
        expect.stringContaining('/Login'),
      ]),
    );
    expect(sent[1]?.captcha).toBe('site-key-1:register:1');
    expect(sent[2]?.captcha).toBe('site-key-1:login:2');
  });

  it('gives a member found without a username their username and e-mails a reset, creating nobody', async () => {
    const sent = recordCalls({ '/Member/MemberSearch/': { peachCode: 0, hasUserName: false, clubId: 'MQ-CLUB' } });
    renderWithApp(
      <LoyaltySessionProvider config={config} currentTheaterId="101">
        <RegisterScreen />
      </LoyaltySessionProvider>,
      { ...messages, 'loyalty.register.found': 'Check {0} for a link.' },
    );
    fillAndSubmit();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Check ada@example.com for a link.'));
    expect(document.activeElement).toBe(screen.getByRole('heading'));
    expect(sent.map((call) => call.route)).toEqual([
      '/Member/MemberSearch/77',
      '/Member/v3/Edit',
      expect.stringMatching(/^\/Member\/v3\/GetResetPasswordCode\?.*emailAddress=ada%40example\.com/),
    ]);
    expect(sent[1]?.payload).toEqual({ username: 'ada@example.com', email: 'ada@example.com', clubId: 'MQ-CLUB' });
  });
});
