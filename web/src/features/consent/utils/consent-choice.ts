// The first-party consent banner's rules (docs/consent-and-ads.md#consent-state): which
// regulation the site's country falls under, what each banner action means, how the
// choice is remembered, and what is sent to the consent service.

import { parseJsonObject } from '@/lib/json-object';
import type { ConsentEvaluation, ConsentReceiptRequest } from '@/types/api';
import type { BannerRegulation } from './regulation';

export type BannerAction = 'acceptAll' | 'rejectAll' | 'doNotSell' | 'acknowledge';

/** What the visitor chose, remembered in the browser and stored as a receipt. */
export type ConsentChoice = {
  regulation: BannerRegulation;
  analytics: boolean;
  advertising: boolean;
  doNotSell: boolean;
  policyVersion: string;
};

/** Bumped when the privacy policy changes: older choices are asked again. */
export const POLICY_VERSION = '2026-01';

export const CONSENT_STORAGE_KEY = 'consentChoice';

/** The analytics vendors whose consent counts under GDPR (svc-consent's list). */
export const REQUIRED_GDPR_VENDORS = ['google-analytics', 'bing', 'adobe-analytics'] as const;

/** The choice a banner action records. */
export function choiceFromAction(action: BannerAction, regulation: BannerRegulation): ConsentChoice {
  const granted = action === 'acceptAll' || action === 'acknowledge';
  return {
    regulation,
    analytics: granted,
    advertising: granted,
    doNotSell: action === 'doNotSell',
    policyVersion: POLICY_VERSION,
  };
}

/** A remembered choice, if it is well formed and made under the current policy. */
export function parseStoredChoice(text: string | null): ConsentChoice | undefined {
  const choice: Partial<Record<keyof ConsentChoice, unknown>> | undefined = parseJsonObject(text);
  if (!choice) return undefined;
  const regulations: unknown[] = ['gdpr', 'ccpa', 'none'];
  if (
    !regulations.includes(choice.regulation) ||
    typeof choice.analytics !== 'boolean' ||
    typeof choice.advertising !== 'boolean' ||
    typeof choice.doNotSell !== 'boolean' ||
    choice.policyVersion !== POLICY_VERSION
  ) {
    return undefined;
  }
  return choice as ConsentChoice;
}

/**
 * What the first-party banner reports once the visitor has chosen. The banner is
 * ready by then, so a configured enterprise-analytics launch script counts as ready
 * (docs/consent-and-ads.md#consent-state: trackers are enabled when one is configured and
 * the consent manager has become ready).
 */
export function evaluationForChoice(
  choice: ConsentChoice,
  launchScriptConfigured: boolean,
  globalPrivacyControl = false,
): ConsentEvaluation {
  const vendors: Record<string, boolean | null> = {};
  if (choice.regulation === 'gdpr') {
    for (const vendor of REQUIRED_GDPR_VENDORS) vendors[vendor] = choice.analytics;
  }
  return {
    regulation: choice.regulation,
    consentRequired: choice.regulation === 'gdpr',
    vendors,
    // The Global Privacy Control signal is an opt-out under CCPA/CPRA whatever was clicked.
    doNotSell: choice.doNotSell || (choice.regulation === 'ccpa' && globalPrivacyControl),
    cmpEnabled: true,
    launchScriptReady: launchScriptConfigured,
  };
}

/**
 * What the first-party banner reports as soon as it is ready, before the visitor has
 * chosen (docs/consent-and-ads.md#consent-banner). The regime decides, not the banner:
 * under GDPR nothing is decided yet, which only a configured launch script makes worth
 * asking about (trackers otherwise wait for the choice); under CCPA/CPRA consent is granted
 * until the visitor opts out, by the banner, the footer link or the Global Privacy Control
 * signal; in any other regime it is granted.
 */
export function evaluationBeforeChoice(
  regulation: BannerRegulation,
  launchScriptConfigured: boolean,
  globalPrivacyControl = false,
): ConsentEvaluation | undefined {
  if (regulation === 'gdpr' && !launchScriptConfigured) return undefined;
  const vendors: Record<string, boolean | null> = {};
  if (regulation === 'gdpr') {
    for (const vendor of REQUIRED_GDPR_VENDORS) vendors[vendor] = null;
  }
  return {
    regulation,
    consentRequired: regulation === 'gdpr',
    vendors,
    doNotSell: regulation === 'ccpa' && globalPrivacyControl,
    cmpEnabled: true,
    launchScriptReady: launchScriptConfigured,
  };
}

/** Whether the browser sends the Global Privacy Control signal (navigator.globalPrivacyControl). */
export function globalPrivacyControl(): boolean {
  return typeof navigator !== 'undefined' && (navigator as { globalPrivacyControl?: unknown }).globalPrivacyControl === true;
}

/** The body of POST /api/v1/consent/receipts. */
export function receiptForChoice(choice: ConsentChoice): ConsentReceiptRequest {
  return {
    regulation: choice.regulation,
    choices: {
      analytics: choice.analytics,
      advertising: choice.advertising,
      doNotSell: choice.doNotSell,
    },
    policyVersion: choice.policyVersion,
  };
}
