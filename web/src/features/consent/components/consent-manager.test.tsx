import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '@/testing/render';
import type { Site } from '@/types/api';
import { NO_CONSENT_MANAGER } from '../utils/tracking-consent';
import { ConsentManager } from './consent-manager';

afterEach(cleanup);

const site = (settings: NonNullable<Site['settings']>): Site => ({
  config: { country: { iso31661A2: 'FR' } },
  settings: { privacyPolicyPage: { slug: 'privacy-policy' }, ...settings },
});

describe('ConsentManager', () => {
  it('shows the first-party banner when no notice id is set', () => {
    const onConsent = vi.fn();
    renderWithApp(<ConsentManager site={site({})} launchScriptConfigured={false} onConsent={onConsent} />, {
      'consent.banner.title': 'Your privacy choices',
    });
    expect(screen.getByRole('dialog', { name: 'Your privacy choices' })).toBeTruthy();
    expect(onConsent).not.toHaveBeenCalledWith(NO_CONSENT_MANAGER);
  });

  it('with the banner turned off by the site there is no consent manager: trackers may run', () => {
    const onConsent = vi.fn();
    renderWithApp(
      <ConsentManager site={site({ firstPartyConsentBanner: false })} launchScriptConfigured={false} onConsent={onConsent} />,
      { 'consent.banner.title': 'Your privacy choices' },
    );
    expect(screen.queryByRole('dialog', { name: 'Your privacy choices' })).toBeNull();
    expect(onConsent).toHaveBeenCalledWith(NO_CONSENT_MANAGER);
  });
});
