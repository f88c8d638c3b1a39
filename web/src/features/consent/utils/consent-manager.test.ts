import { describe, expect, it } from 'vitest';
import {
  didomiConfig,
  didomiLoaderUrl,
  evaluationFromDidomi,
  firstAppliedRegulation,
  labelPopupImages,
  privacyPolicyUrl,
} from './consent-manager';
import { consentManagerFor } from './site-consent-manager';

describe('consentManagerFor', () => {
  const on = { disabledByBuild: false, firstPartyBannerOff: false };
  it.each([
    [{ ...on, settingsNoticeId: 'n1', buildNoticeId: undefined, apiKey: 'k' }, { kind: 'didomi', noticeId: 'n1', apiKey: 'k' }],
    [{ ...on, settingsNoticeId: 'n1', buildNoticeId: 'n2', apiKey: 'k' }, { kind: 'didomi', noticeId: 'n2', apiKey: 'k' }],
    [{ ...on, settingsNoticeId: '', buildNoticeId: undefined, apiKey: 'k' }, { kind: 'first-party' }],
    [{ ...on, settingsNoticeId: 'n1', buildNoticeId: undefined, apiKey: '' }, { kind: 'first-party' }],
    [{ ...on, settingsNoticeId: 'n1', buildNoticeId: undefined, apiKey: 'k', disabledByBuild: true }, { kind: 'disabled' }],
    // The site turns its first-party banner off: no notice id means no consent manager.
    [{ ...on, settingsNoticeId: '', buildNoticeId: undefined, apiKey: 'k', firstPartyBannerOff: true }, { kind: 'disabled' }],
    // A notice id still selects Didomi.
    [
      { ...on, settingsNoticeId: 'n1', buildNoticeId: undefined, apiKey: 'k', firstPartyBannerOff: true },
      { kind: 'didomi', noticeId: 'n1', apiKey: 'k' },
    ],
  ])('%o serves %o', (input, manager) => {
    expect(consentManagerFor(input)).toEqual(manager);
  });
});

describe('firstAppliedRegulation', () => {
  it.each([
    [['gdpr', 'ccpa'], 'gdpr'],
    [['tdpsa', 'cpra', 'ccpa'], 'ccpa'],
    [['vcdpa', 'cpa'], 'cpa'],
    [['lgpd'], 'none'],
    [[], 'none'],
  ])('%o applies %s', (applied, regulation) => {
    expect(firstAppliedRegulation((name) => applied.includes(name))).toBe(regulation);
  });
});

describe('evaluationFromDidomi', () => {
  const snapshot = {
    regulation: 'gdpr',
    consentRequired: true,
    vendors: { 'google-analytics': true, bing: null },
    doNotSell: false,
  };

  it('reports what Didomi says with the consent manager on', () => {
    expect(evaluationFromDidomi(snapshot, false)).toEqual({
      regulation: 'gdpr',
      consentRequired: true,
      vendors: { 'google-analytics': true, bing: null },
      doNotSell: false,
      cmpEnabled: true,
      launchScriptReady: false,
    });
  });

  it('reports a configured launch script as ready: the SDK is', () => {
    expect(evaluationFromDidomi(snapshot, true).launchScriptReady).toBe(true);
  });
});

describe('Didomi set-up', () => {
  it.each([
    ['https://www.example.com', 'privacy-policy', 'https://www.example.com/privacy-policy'],
    ['https://www.example.com/', '/privacy/', 'https://www.example.com/privacy/'],
    ['https://www.example.com', undefined, 'https://www.example.com/'],
  ])('%s + %s is %s', (origin, slug, url) => {
    expect(privacyPolicyUrl(origin, slug)).toBe(url);
  });

  it('turns CCPA and external consent on and names the app', () => {
    const config = didomiConfig({
      appName: 'Marquee',
      logoUrl: 'https://x/logo.svg',
      privacyPolicyUrl: 'https://x/privacy',
      country: 'US',
    });
    expect(config.regulations.ccpa.enabled).toBe(true);
    expect(config.user.externalConsent.enabled).toBe(true);
    expect(config.app).toEqual({ name: 'Marquee', logoUrl: 'https://x/logo.svg', privacyPolicyURL: 'https://x/privacy' });
    expect(config.country).toBe('US');
  });

  it('loads the notice by id', () => {
    expect(didomiLoaderUrl('key 1', 'notice')).toBe(
      'https://sdk.privacy-center.org/key%201/loader.js?target_type=notice&target=notice',
    );
  });
});

describe('labelPopupImages', () => {
  it('labels the popup images once and leaves the page alone', () => {
    document.body.innerHTML =
      '<div id="didomi-host"><img src="a.svg"><img src="b.svg" alt="logo"></div><img id="poster" src="p.svg">';
    const alt = 'Privacy management by Didomi - open in a new tab';
    expect(labelPopupImages(document, alt)).toBe(2);
    expect(labelPopupImages(document, alt)).toBe(0);
    expect(document.querySelector<HTMLImageElement>('#didomi-host img')?.alt).toBe(alt);
    expect(document.querySelector<HTMLImageElement>('#poster')?.alt).toBe('');
    document.body.innerHTML = '';
  });
});
