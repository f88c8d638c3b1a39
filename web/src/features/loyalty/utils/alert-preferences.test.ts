import { describe, expect, it } from 'vitest';
import type { LoyaltyMember } from '../types';
import {
  alertChoicesPayload,
  alertPreferencesOf,
  alertsTurnedOn,
  offersAlerts,
  pushPublicKeyOf,
  shouldOfferAlerts,
  watchlistAlertNote,
  type AlertPreferences,
} from './alert-preferences';

const none: AlertPreferences = { onSale: false, lastChance: false, email: false, push: false, chosen: false };
const byEmail: AlertPreferences = { onSale: true, lastChance: true, email: true, push: false, chosen: true };

describe('alert preferences of a reply', () => {
  it.each([
    ['all given', { alertPreferences: { ...byEmail, push: true } }, { ...byEmail, push: true }],
    ['none given', {}, none],
    ['not an object', { alertPreferences: 'yes' }, none],
    ['truthy but not true', { alertPreferences: { onSale: 'true', email: 1, chosen: true } }, { ...none, chosen: true }],
  ])('%s', (_name, reply, expected) => {
    expect(alertPreferencesOf({ peachCode: 0, ...reply })).toEqual(expected);
  });

  it.each([
    ['BExample-key', 'BExample-key'],
    ['', null],
    [null, null],
    [undefined, null],
    [42, null],
  ])('push key %j is %j', (key, expected) => {
    expect(pushPublicKeyOf({ peachCode: 0, pushPublicKey: key })).toBe(expected);
  });
});

describe('what is saved', () => {
  it('sends the four choices and nothing else', () => {
    expect(alertChoicesPayload({ ...byEmail, push: true })).toEqual({ onSale: true, lastChance: true, email: true, push: true });
  });

  it.each([
    ['push off', none, { onSale: true, lastChance: true, email: true, push: false }],
    ['push on', { ...none, push: true }, { onSale: true, lastChance: true, email: true, push: true }],
  ])('"Turn on alerts" with %s turns both alerts on by e-mail and leaves push as it was', (_name, current, expected) => {
    expect(alertsTurnedOn(current)).toEqual(expected);
  });
});

describe('who is offered alerts', () => {
  const member = (cypherVersion: 1 | 3, token = 't'): LoyaltyMember => ({ memberId: 'm', token, cypherVersion });

  it.each([
    ['a version 3 member on a site with a watchlist', member(3), true, true],
    ['a version 3 member on a site without one', member(3), false, false],
    ['a version 1 member', member(1), true, false],
    ['a session without its token', member(3, ''), true, false],
    ['a guest', null, true, false],
  ])('%s: %s', (_name, who, includeWatchlist, expected) => {
    expect(offersAlerts(who, includeWatchlist)).toBe(expected);
  });

  it.each([
    ['never chosen', none, false, true],
    ['never chosen, put off this session', none, true, false],
    ['chosen, all off', { ...none, chosen: true }, false, false],
    ['chosen, on', byEmail, false, false],
  ])('after an add, %s: offered %s', (_name, preferences, putOff, expected) => {
    expect(shouldOfferAlerts(preferences, putOff)).toBe(expected);
  });
});

describe('what the watchlist button of a movie without showtimes says', () => {
  it.each([
    ['listed, alerts on', true, byEmail, 'toldOnSale'],
    ['listed, on by push alone', true, { ...byEmail, email: false, push: true }, 'toldOnSale'],
    ['not listed, alerts on', false, byEmail, 'addToHear'],
    ['not listed, never chosen (the offer follows the add)', false, none, 'addToHear'],
    ['listed, never chosen', true, none, 'turnOnAlerts'],
    ['not listed, chosen off', false, { ...none, chosen: true }, 'turnOnAlerts'],
    ['listed, on sale with no way to tell', true, { ...byEmail, email: false }, 'turnOnAlerts'],
    ['listed, last chance only', true, { ...byEmail, onSale: false }, 'turnOnAlerts'],
  ])('%s: %s', (_name, listed, preferences, expected) => {
    expect(watchlistAlertNote(listed, preferences)).toBe(expected);
  });
});
