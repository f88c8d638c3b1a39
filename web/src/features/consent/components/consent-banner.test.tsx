import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import { CONSENT_STORAGE_KEY, choiceFromAction } from '../utils/consent-choice';
import { openConsentPreferences } from '../utils/consent-events';
import { ConsentBanner } from './consent-banner';

const messages = {
  'consent.banner.title': 'Your privacy choices',
  'consent.banner.acceptAll': 'Accept all',
  'consent.banner.rejectAll': 'Reject all',
  'consent.banner.acknowledge': 'Accept',
  'consent.banner.doNotSell': 'Do not sell or share my personal information',
};

type Call = { url: string; body: unknown };

function stubGateway(decision: { state: string; trackersEnabled: boolean }): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, body: JSON.parse(init.body as string) });
      const answer = url.endsWith('/receipts') ? { id: 'r-1', recordedAt: '2026-01-01T00:00:00Z' } : decision;
      return Promise.resolve(new Response(JSON.stringify(answer), { status: url.endsWith('/receipts') ? 201 : 200 }));
    }),
  );
  return calls;
}

beforeEach(() => window.localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('ConsentBanner', () => {
  it.each([
    ['gdpr', ['Reject all', 'Accept all']],
    ['ccpa', ['Accept', 'Do not sell or share my personal information']],
  ] as const)('under %s offers %o with the same weight', (regulation, labels) => {
    stubGateway({ state: 'undetermined', trackersEnabled: false });
    renderWithApp(<ConsentBanner regulation={regulation} privacyPolicySlug={undefined} launchScriptConfigured={false} onConsent={() => undefined} />, messages);
    const dialog = screen.getByRole('dialog', { name: 'Your privacy choices' });
    const buttons = Array.from(dialog.querySelectorAll('button'));
    expect(buttons.map((button) => button.textContent)).toEqual(labels);
    expect(new Set(buttons.map((button) => button.className)).size).toBe(1);
  });

  it('remembers the choice, asks svc-consent, stores a receipt and hides', async () => {
    const calls = stubGateway({ state: 'granted', trackersEnabled: true });
    const onConsent = vi.fn();
    renderWithApp(<ConsentBanner regulation="gdpr" privacyPolicySlug="privacy-policy" launchScriptConfigured={false} onConsent={onConsent} />, messages);
    fireEvent.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(onConsent).toHaveBeenCalledWith({ trackersEnabled: true, consentGiven: true, purposeDenied: false }));
    expect(JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? '')).toEqual(choiceFromAction('acceptAll', 'gdpr'));
    expect(calls.map((call) => call.url).sort()).toEqual(['/api/v1/consent/evaluate', '/api/v1/consent/receipts']);
  });

  it('applies a remembered choice without showing, and re-opens from the footer with focus', async () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choiceFromAction('doNotSell', 'ccpa')));
    stubGateway({ state: 'denied', trackersEnabled: false });
    const onConsent = vi.fn();
    renderWithApp(<ConsentBanner regulation="ccpa" privacyPolicySlug={undefined} launchScriptConfigured={false} onConsent={onConsent} />, messages);
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(onConsent).toHaveBeenCalledWith({ trackersEnabled: false, consentGiven: false, purposeDenied: true }));
    act(() => openConsentPreferences());
    const dialog = screen.getByRole('dialog');
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('under GDPR asks nothing before the choice when no launch script is configured', async () => {
    const calls = stubGateway({ state: 'granted', trackersEnabled: true });
    renderWithApp(<ConsentBanner regulation="gdpr" privacyPolicySlug={undefined} launchScriptConfigured={false} onConsent={vi.fn()} />, messages);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('under CCPA grants consent from the first page, before any choice, unless the browser sends GPC', async () => {
    for (const gpc of [false, true]) {
      cleanup();
      localStorage.clear();
      vi.stubGlobal('navigator', { globalPrivacyControl: gpc });
      const calls = stubGateway({ state: gpc ? 'denied' : 'granted', trackersEnabled: !gpc });
      const onConsent = vi.fn();
      renderWithApp(<ConsentBanner regulation="ccpa" privacyPolicySlug={undefined} launchScriptConfigured={false} onConsent={onConsent} />, messages);
      expect(screen.getByRole('dialog')).toBeTruthy();
      await waitFor(() => expect(onConsent).toHaveBeenCalledWith(expect.objectContaining({ trackersEnabled: !gpc })));
      expect(calls).toEqual([
        {
          url: '/api/v1/consent/evaluate',
          body: { regulation: 'ccpa', consentRequired: false, vendors: {}, doNotSell: gpc, cmpEnabled: true, launchScriptReady: false },
        },
      ]);
      vi.unstubAllGlobals();
    }
  });

  it('with a launch script, reports itself ready at once, before the choice', async () => {
    const calls = stubGateway({ state: 'undetermined', trackersEnabled: true });
    const onConsent = vi.fn();
    renderWithApp(<ConsentBanner regulation="gdpr" privacyPolicySlug={undefined} launchScriptConfigured onConsent={onConsent} />, messages);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await waitFor(() => expect(onConsent).toHaveBeenCalledWith({ trackersEnabled: true, consentGiven: false, purposeDenied: false }));
    expect(calls).toEqual([
      {
        url: '/api/v1/consent/evaluate',
        body: {
          regulation: 'gdpr',
          consentRequired: true,
          vendors: { 'google-analytics': null, bing: null, 'adobe-analytics': null },
          doNotSell: false,
          cmpEnabled: true,
          launchScriptReady: true,
        },
      },
    ]);
  });
});
