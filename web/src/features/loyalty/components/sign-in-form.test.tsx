import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { LoyaltySessionProvider } from '../hooks/loyalty-session';
import { SignInForm } from './sign-in-form';

const messages = {
  'loyalty.field.email': 'Email',
  'loyalty.field.password': 'Password',
  'loyalty.password.show': 'Show',
  'loyalty.password.hide': 'Hide',
  'loyalty.signIn.submit': 'Sign in',
  'loyalty.signIn.pending': 'Signing in…',
  'loyalty.signIn.failed': 'Sign-in failed.',
  'loyalty.error.31': 'Incorrect password',
};
const config = { provider: 'BOOST_POS', version: 3, circuitId: '77', sessionTimeout: 720 };

function answer(body: unknown) {
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }))));
}

function renderForm(onSignedIn = vi.fn()) {
  renderWithApp(
    <LoyaltySessionProvider config={config} currentTheaterId="101">
      <SignInForm onSignedIn={onSignedIn} />
    </LoyaltySessionProvider>,
    messages,
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'ada<@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'p<ss>"&' } });
  return onSignedIn;
}

describe('SignInForm', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    document.cookie = 'loyaltySession=; max-age=0; path=/';
  });

  it('strips unsafe characters from the e-mail but not from the password, which it can reveal', () => {
    answer({ peachCode: 31 });
    renderForm();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ada@example.com');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveProperty('value', 'p<ss>"&');
    expect(password).toHaveProperty('type', 'password');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(password).toHaveProperty('type', 'text');
  });

  it('shows the catalogue message with its code when the provider refuses', async () => {
    answer({ peachCode: 31 });
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Incorrect password (Code: 31)');
  });

  it('says the sign-in failed when the call gets no answer', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    const onSignedIn = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Sign-in failed.');
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('signs the member in on peachCode 0', async () => {
    answer({
      peachCode: 0,
      memberDetails: { memberId: 'm1', memberExpiry: '0001-01-01T00:00:00Z' },
      sessionManagementTokens: { boxofficeSessionToken: 't', boxofficeRefreshSessionToken: 'r' },
    });
    const onSignedIn = renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(expect.objectContaining({ memberId: 'm1', token: 't' })));
    expect(document.cookie).toContain('loyaltySession=');
  });
});
