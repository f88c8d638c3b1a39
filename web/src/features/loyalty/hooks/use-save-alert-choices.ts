// Saving the alerts screen's (or the offer's) choices with this device's push subscription
// (docs/loyalty.md#alerts). Turning push on for this device subscribes it once the member
// has granted the permission, and tells svc-loyalty; turning it off tells svc-loyalty, then
// drops the subscription, and saves push off. A refused permission, or a browser that
// cannot subscribe, leaves push as it was and saves the rest. A save that does not change
// this device keeps push as it was: the member may have turned it on on another device.

import { useMutation } from '@tanstack/react-query';
import { deviceSubscription, subscribeDevice } from '@/lib/web-push';
import { useLoyaltyApi, type LoyaltyApi } from '../api/loyalty-api';
import { addPushSubscription, removePushSubscription } from '../api/push-subscription';
import { updateAlertPreferences, useSetAlertPreferences } from '../api/update-alert-preferences';
import type { AlertChoices, AlertPreferences } from '../utils/alert-preferences';

export type AlertChoicesSave = {
  /** What to be told about and by e-mail. */
  choices: Omit<AlertChoices, 'push'>;
  /** Push as saved before. */
  pushBefore: boolean;
  /** This device's change: 'on' subscribes it, 'off' unsubscribes it; none leaves push as it was. */
  devicePush?: 'on' | 'off';
  pushPublicKey: string | null;
  /** The permission, asked from the member's click when push is being turned on. */
  permission?: Promise<NotificationPermission>;
};

/** Why push was not turned on: the permission refused, or the browser's subscription failed. */
export type PushProblem = 'refused' | 'failed';

export type AlertChoicesSaved = { preferences: AlertPreferences; pushProblem?: PushProblem };

/** This device's side of push: the browser's own, or a test's fake. */
export type PushDevice = {
  subscribe: (publicKey: string) => Promise<PushSubscriptionJSON>;
  subscription: () => Promise<Pick<PushSubscription, 'endpoint' | 'unsubscribe'> | null>;
};

const browserDevice: PushDevice = { subscribe: subscribeDevice, subscription: deviceSubscription };

type Calls = Pick<LoyaltyApi, 'call' | 'routes'>;

/** Subscribes this device and tells svc-loyalty, or says why not. */
async function turnPushOn(api: Calls, { pushPublicKey, permission }: AlertChoicesSave, device: PushDevice) {
  if (!pushPublicKey || (await permission) !== 'granted') return 'refused';
  let subscription: PushSubscriptionJSON;
  try {
    subscription = await device.subscribe(pushPublicKey);
  } catch (failure) {
    console.warn('push subscription failed', failure);
    return 'failed';
  }
  // svc-loyalty refusing it fails the save, shown as any other refusal.
  await addPushSubscription(api, subscription);
  return undefined;
}

/** Tells svc-loyalty to forget this device's subscription, then drops it. */
async function turnPushOff(api: Calls, device: PushDevice) {
  const subscription = await device.subscription();
  if (!subscription) return;
  await removePushSubscription(api, subscription.endpoint);
  await subscription.unsubscribe();
}

export async function saveAlertChoices(
  api: Calls,
  save: AlertChoicesSave,
  device: PushDevice = browserDevice,
): Promise<AlertChoicesSaved> {
  let push = save.pushBefore;
  let pushProblem: PushProblem | undefined;
  if (save.devicePush === 'on') {
    pushProblem = await turnPushOn(api, save, device);
    push ||= !pushProblem;
  } else if (save.devicePush === 'off') {
    await turnPushOff(api, device);
    push = false;
  }
  const preferences = await updateAlertPreferences(api, { ...save.choices, push });
  return { preferences, pushProblem };
}

/** The saved preferences replace the cached ones. */
export function useSaveAlertChoices() {
  const api = useLoyaltyApi();
  const setPreferences = useSetAlertPreferences();
  return useMutation({
    mutationFn: (save: AlertChoicesSave) => saveAlertChoices(api, save),
    onSuccess: ({ preferences }) => setPreferences(preferences),
  });
}
