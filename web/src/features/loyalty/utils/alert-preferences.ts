// On-sale and last-chance alerts (docs/loyalty.md#alerts): a film of the member's watchlist
// going on sale at one of their favourite theaters, and its last showtime there coming up,
// by e-mail and/or Web Push. Version 3 sessions on sites with a watchlist only.

import type { CypherReply, LoyaltyMember } from '../types';

/** What the member is told about and how; `chosen` once they have ever saved a choice. */
export type AlertPreferences = {
  onSale: boolean;
  lastChance: boolean;
  email: boolean;
  push: boolean;
  chosen: boolean;
};

/** What UpdateAlertPreferences takes: the choices, without `chosen`, which the service keeps. */
export type AlertChoices = Omit<AlertPreferences, 'chosen'>;

/** A GetAlertPreferences reply: the preferences, and the VAPID key when the deployment has one. */
export type AlertSettings = {
  preferences: AlertPreferences;
  /** The application server key (base64url); null when push is not offered. */
  pushPublicKey: string | null;
};

/** The preferences of a reply; a field missing or not true is false, as before any choice. */
export function alertPreferencesOf(reply: CypherReply): AlertPreferences {
  const fields = (typeof reply.alertPreferences === 'object' && reply.alertPreferences !== null
    ? reply.alertPreferences
    : {}) as Record<string, unknown>;
  return {
    onSale: fields.onSale === true,
    lastChance: fields.lastChance === true,
    email: fields.email === true,
    push: fields.push === true,
    chosen: fields.chosen === true,
  };
}

/** The push key of a reply: a non-empty string, else null (no push on this deployment). */
export function pushPublicKeyOf(reply: CypherReply): string | null {
  const key = reply.pushPublicKey;
  return typeof key === 'string' && key !== '' ? key : null;
}

/** The UpdateAlertPreferences payload: the four choices and nothing else. */
export function alertChoicesPayload({ onSale, lastChance, email, push }: AlertChoices): AlertChoices {
  return { onSale, lastChance, email, push };
}

/** What "Turn on alerts" saves: both alerts by e-mail; push is asked for apart, from its own click. */
export function alertsTurnedOn(current: AlertPreferences): AlertChoices {
  return { onSale: true, lastChance: true, email: true, push: current.push };
}

/** Whether the member is offered alerts: a version 3 session with its token, on a site with a watchlist. */
export function offersAlerts(member: LoyaltyMember | null | undefined, includeWatchlist: boolean | undefined): boolean {
  return member?.cypherVersion === 3 && Boolean(member.token) && Boolean(includeWatchlist);
}

/** Whether a film just added to the watchlist brings the offer: alerts never chosen, and not put off this session. */
export function shouldOfferAlerts(preferences: AlertPreferences, putOff: boolean): boolean {
  return !preferences.chosen && !putOff;
}

/** Whether the member is told when tickets go on sale: the alert on, and a way to tell them. */
export function hearsOfSales(preferences: AlertPreferences): boolean {
  return preferences.onSale && (preferences.email || preferences.push);
}

/**
 * What the watchlist button of a movie without showtimes yet says about alerts: that the
 * member will be told (listed, alerts on), that listing it will tell them (not listed, and
 * alerts on or not yet chosen: the offer follows the add), else a way to turn them on.
 */
export type WatchlistAlertNote = 'toldOnSale' | 'addToHear' | 'turnOnAlerts';

export function watchlistAlertNote(listed: boolean, preferences: AlertPreferences): WatchlistAlertNote {
  if (hearsOfSales(preferences)) return listed ? 'toldOnSale' : 'addToHear';
  return !listed && !preferences.chosen ? 'addToHear' : 'turnOnAlerts';
}
