// Web Push on this device (docs/pages-and-links.md#service-worker): whether the browser
// offers it, and this device's subscription on the site's worker registration. Only the
// member's own click asks for the notification permission (askNotificationPermission);
// nothing here asks on its own.
import { siteServiceWorker } from './service-worker';

/** The globals Web Push needs: a page's window, or a test's stand-in. */
type PushScope = { navigator?: object } & object;

/** Whether the browser offers Web Push: PushManager, service workers and notifications. */
export function supportsPush(scope: PushScope | undefined = typeof window === 'undefined' ? undefined : window): boolean {
  if (!scope?.navigator) return false;
  return 'PushManager' in scope && 'Notification' in scope && 'serviceWorker' in scope.navigator;
}

/** A base64url key (the VAPID application server key, an uncompressed P-256 point) as bytes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

/** Whether a subscription was made with `key`: one made with another must go before a new one. */
export function madeWithKey(subscriptionKey: ArrayBuffer | null | undefined, key: Uint8Array): boolean {
  if (!subscriptionKey || subscriptionKey.byteLength !== key.length) return false;
  const bytes = new Uint8Array(subscriptionKey);
  return bytes.every((byte, index) => byte === key[index]);
}

/**
 * Asks for the permission to show notifications: call it straight from the member's click,
 * before anything else is awaited (browsers show the prompt only for a user gesture).
 */
export function askNotificationPermission(): Promise<NotificationPermission> {
  return Notification.requestPermission();
}

/** This device's push subscription, if it has one; asks for nothing. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!supportsPush()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Subscribes this device with the deployment's key (the permission granted before), on the site's worker. */
export async function subscribeDevice(publicKey: string): Promise<PushSubscriptionJSON> {
  const registration = await siteServiceWorker();
  const key = applicationServerKey(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && madeWithKey(existing.options.applicationServerKey, key)) return existing.toJSON();
  await existing?.unsubscribe();
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  return subscription.toJSON();
}
