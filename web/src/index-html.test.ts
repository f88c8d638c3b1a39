// index.html's inline script, which runs before the first paint of every page: it must
// read the keys the app stores its choices under.
import { afterEach, describe, expect, it } from 'vitest';
import { COLOUR_MODE_STORAGE_KEY } from '@/state/colour-mode';
import { CONSENT_STORAGE_KEY } from '@/features/consent/utils/consent-choice';
import { AD_LIBRARY_FAILED_KEY } from '@/features/ads/hooks/use-ad-library-status';
import html from '../index.html?raw';

const inlineScript = /<script>([^<]*)<\/script>/.exec(html)?.[1] ?? '';

function runInlineScript() {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the test runs index.html's inline script, as the page does
  const script = new Function(inlineScript) as () => void;
  script();
}

describe("index.html's inline script", () => {
  afterEach(() => {
    localStorage.clear();
    const root = document.documentElement;
    delete root.dataset.colorMode;
    delete root.dataset.consentAsk;
    delete root.dataset.headerAds;
    sessionStorage.clear();
    root.style.colorScheme = '';
  });

  it('applies the stored dark mode before the first paint', () => {
    localStorage.setItem(COLOUR_MODE_STORAGE_KEY, 'dark');
    runInlineScript();
    expect(document.documentElement.dataset.colorMode).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
  });

  it('leaves light mode to a first visit, and shows it the server-rendered consent banner', () => {
    runInlineScript();
    expect(document.documentElement.dataset.colorMode).toBe('light');
    expect(document.documentElement.dataset.consentAsk).toBe('');
  });

  it('keeps the banner hidden when a consent choice is stored', () => {
    localStorage.setItem(CONSENT_STORAGE_KEY, '{"version":1}');
    runInlineScript();
    expect(document.documentElement.dataset.consentAsk).toBeUndefined();
  });

  it('reserves the header ads’ band unless ads were refused or their library failed this session', () => {
    runInlineScript();
    expect(document.documentElement.dataset.headerAds).toBe('');

    delete document.documentElement.dataset.headerAds;
    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ regulation: 'ccpa', advertising: false, doNotSell: true }));
    runInlineScript();
    expect(document.documentElement.dataset.headerAds).toBeUndefined();

    localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify({ regulation: 'ccpa', advertising: true, doNotSell: false }));
    runInlineScript();
    expect(document.documentElement.dataset.headerAds).toBe('');

    delete document.documentElement.dataset.headerAds;
    sessionStorage.setItem(AD_LIBRARY_FAILED_KEY, 'true');
    runInlineScript();
    expect(document.documentElement.dataset.headerAds).toBeUndefined();
  });

  it('is the one inline script, and loads nothing', () => {
    expect(html.match(/<script>/g)).toHaveLength(1);
    expect(inlineScript).not.toMatch(/src|import|fetch/);
  });
});
