import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { LoyaltySessionProvider } from '../../hooks/loyalty-session';
import { RegisterScreen } from './register-screen';

// The captcha's script is Google's; here the page already has its API.
vi.mock('@/lib/load-script', () => ({ loadScript: async () => undefined }));

const messages = {
  'loyalty.field.firstName': 'First name',
  'loyalty.field.lastName': 'Last name',
  'loyalty.field.email': 'Email',
  'loyalty.field.password': 'Password',
  'loyalty.field.phoneNumber': 'Phone number',
  'loyalty.register.submit': 'Create account',
};
const config = { provider: 'BOOST_POS', version: 3, circuitId: '77', sessionTimeout: 720, captchaSiteKey: 'site-key-1' };

type Sent = { route: string; captcha: unknown };

/** Answers every cypher call with success and records each call's route and captcha token. */
function recordCalls(): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { reqMetadata: Record<string, unknown> };
      sent.push({ route: String(body.reqMetadata.route), captcha: body.reqMetadata['g-recaptcha-response'] });
      return new Response(
        JSON.stringify({
          peachCode: 0,
          memberDetails: { memberId: 'm1', memberExpiry: '0001-01-01T00:00:00Z' },
          sessionManagementTokens: { boxofficeSessionToken: 't', boxofficeRefreshSessionToken: 'r' },
        }),
        { headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return sent;
}

describe('RegisterScreen', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it('signs the new member in with a captcha token of its own', async () => {
    let tokens = 0;
    vi.stubGlobal('grecaptcha', {
      ready: (callback: () => void) => callback(),
      execute: async (key: string, { action }: { action: string }) => `${key}:${action}:${(tokens += 1)}`,
    });
    const sent = recordCalls();
    renderWithApp(
      <LoyaltySessionProvider config={config} currentTheaterId="101">
        <RegisterScreen />
      </LoyaltySessionProvider>,
      messages,
    );
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Ada' } });
    fireEvent.change(screen.getByLabelText(/Last name/), { target: { value: 'Lovelace' } });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Analytical-Engine-1843' } });
    fireEvent.change(screen.getByLabelText(/Phone number/), { target: { value: '2025550143' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(sent.map((call) => call.route)).toEqual([expect.stringContaining('/Create'), expect.stringContaining('/Login')]));
    expect(sent[1]?.captcha).toBe('site-key-1:login:1');
  });
});
