// This device's Web Push subscription, known to svc-loyalty so it can send the member's
// alerts to it (docs/loyalty.md#alerts). The browser side is lib/web-push.ts.

import type { LoyaltyApi } from './loyalty-api';

/** The AddPushSubscription payload: PushSubscription.toJSON()'s endpoint, expiry and keys. */
export function pushSubscriptionPayload(subscription: PushSubscriptionJSON): Record<string, unknown> {
  const { endpoint, expirationTime, keys } = subscription;
  return {
    endpoint,
    ...(expirationTime === undefined || expirationTime === null ? {} : { expirationTime }),
    keys: { p256dh: keys?.p256dh, auth: keys?.auth },
  };
}

/** Tells svc-loyalty to send the member's alerts to this subscription. */
export async function addPushSubscription(
  { call, routes }: Pick<LoyaltyApi, 'call' | 'routes'>,
  subscription: PushSubscriptionJSON,
): Promise<void> {
  await call({ method: 'POST', route: routes.addPushSubscription(), payload: pushSubscriptionPayload(subscription) });
}

/** Tells svc-loyalty to forget the subscription of `endpoint`. */
export async function removePushSubscription(
  { call, routes }: Pick<LoyaltyApi, 'call' | 'routes'>,
  endpoint: string,
): Promise<void> {
  await call({ method: 'POST', route: routes.removePushSubscription(), payload: { endpoint } });
}
