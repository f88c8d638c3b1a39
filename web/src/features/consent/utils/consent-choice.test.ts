import { describe, expect, it } from 'vitest';
import {
  choiceFromAction,
  evaluationBeforeChoice,
  evaluationForChoice,
  parseStoredChoice,
  POLICY_VERSION,
  receiptForChoice,
  type BannerAction,
} from './consent-choice';
import { regulationForCountry, type BannerRegulation } from './regulation';

describe('regulationForCountry', () => {
  it.each([
    ['US', 'ccpa'],
    ['us', 'ccpa'],
    ['FR', 'gdpr'],
    ['GB', 'gdpr'],
    ['NO', 'gdpr'],
    ['BR', 'none'],
    [undefined, 'none'],
  ])('%s is under %s', (country, regulation) => {
    expect(regulationForCountry(country)).toBe(regulation);
  });
});

describe('choiceFromAction', () => {
  it.each<[BannerAction, BannerRegulation, boolean, boolean]>([
    ['acceptAll', 'gdpr', true, false],
    ['rejectAll', 'gdpr', false, false],
    ['acknowledge', 'ccpa', true, false],
    ['doNotSell', 'ccpa', false, true],
  ])('%s under %s grants %s, do-not-sell %s', (action, regulation, granted, doNotSell) => {
    const choice = choiceFromAction(action, regulation);
    expect(choice).toEqual({
      regulation,
      analytics: granted,
      advertising: granted,
      doNotSell,
      policyVersion: POLICY_VERSION,
    });
  });
});

describe('parseStoredChoice', () => {
  const valid = JSON.stringify(choiceFromAction('acceptAll', 'gdpr'));
  it.each([
    [valid, true],
    [null, false],
    ['', false],
    ['{not json', false],
    ['"gdpr"', false],
    [JSON.stringify({ ...choiceFromAction('acceptAll', 'gdpr'), policyVersion: '1999-01' }), false],
    [JSON.stringify({ ...choiceFromAction('acceptAll', 'gdpr'), regulation: 'lgpd' }), false],
    [JSON.stringify({ ...choiceFromAction('acceptAll', 'gdpr'), analytics: 'yes' }), false],
  ])('%s is remembered: %s', (text, remembered) => {
    expect(parseStoredChoice(text) !== undefined).toBe(remembered);
  });
});

describe('evaluationForChoice', () => {
  it.each<[BannerAction, BannerRegulation, Record<string, boolean>, boolean, boolean]>([
    ['acceptAll', 'gdpr', { 'google-analytics': true, bing: true, 'adobe-analytics': true }, true, false],
    ['rejectAll', 'gdpr', { 'google-analytics': false, bing: false, 'adobe-analytics': false }, true, false],
    ['acknowledge', 'ccpa', {}, false, false],
    ['doNotSell', 'ccpa', {}, false, true],
    ['acknowledge', 'none', {}, false, false],
  ])('%s under %s', (action, regulation, vendors, consentRequired, doNotSell) => {
    expect(evaluationForChoice(choiceFromAction(action, regulation), false)).toEqual({
      regulation,
      consentRequired,
      vendors,
      doNotSell,
      cmpEnabled: true,
      launchScriptReady: false,
    });
  });

  it('reports a configured launch script as ready: the banner is', () => {
    const choice = choiceFromAction('rejectAll', 'gdpr');
    expect(evaluationForChoice(choice, true).launchScriptReady).toBe(true);
  });
});

describe('evaluationBeforeChoice', () => {
  it('under GDPR has nothing to report without a launch script: trackers wait for the choice', () => {
    expect(evaluationBeforeChoice('gdpr', false)).toBeUndefined();
  });

  it.each<[BannerRegulation, boolean]>([
    ['ccpa', false],
    ['ccpa', true],
    ['none', false],
  ])('under %s grants consent before any choice (launch script %s)', (regulation, launchScript) => {
    expect(evaluationBeforeChoice(regulation, launchScript)).toEqual({
      regulation,
      consentRequired: false,
      vendors: {},
      doNotSell: false,
      cmpEnabled: true,
      launchScriptReady: launchScript,
    });
  });

  it('under GDPR with a launch script reports nothing decided and the script ready', () => {
    expect(evaluationBeforeChoice('gdpr', true)).toEqual({
      regulation: 'gdpr',
      consentRequired: true,
      vendors: { 'google-analytics': null, bing: null, 'adobe-analytics': null },
      doNotSell: false,
      cmpEnabled: true,
      launchScriptReady: true,
    });
  });

  it('takes the Global Privacy Control signal as an opt-out under CCPA only', () => {
    expect(evaluationBeforeChoice('ccpa', false, true)?.doNotSell).toBe(true);
    expect(evaluationBeforeChoice('none', false, true)?.doNotSell).toBe(false);
    expect(evaluationBeforeChoice('gdpr', true, true)?.doNotSell).toBe(false);
    expect(evaluationForChoice(choiceFromAction('acknowledge', 'ccpa'), false, true).doNotSell).toBe(true);
    expect(evaluationForChoice(choiceFromAction('acknowledge', 'ccpa'), false, false).doNotSell).toBe(false);
  });
});

describe('receiptForChoice', () => {
  it('records every choice and the policy version', () => {
    expect(receiptForChoice(choiceFromAction('doNotSell', 'ccpa'))).toEqual({
      regulation: 'ccpa',
      choices: { analytics: false, advertising: false, doNotSell: true },
      policyVersion: POLICY_VERSION,
    });
  });
});
