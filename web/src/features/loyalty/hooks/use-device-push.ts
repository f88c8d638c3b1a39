// Whether this device has a push subscription: read once push is offered, without asking
// the member anything; a save that changes it says so (`setSubscribed`).

import { useEffect, useState } from 'react';
import { deviceSubscription } from '@/lib/web-push';

/** `subscribed` is undefined while it is read, false when push is not offered. */
export function useDevicePush(offered: boolean) {
  const [subscribed, setSubscribed] = useState<boolean>();
  useEffect(() => {
    if (!offered) return;
    let current = true;
    deviceSubscription().then(
      (subscription) => current && setSubscribed(Boolean(subscription)),
      () => current && setSubscribed(false),
    );
    return () => {
      current = false;
    };
  }, [offered]);
  return { subscribed: offered ? subscribed : false, setSubscribed };
}
