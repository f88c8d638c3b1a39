import { queryOptions, useQuery } from '@tanstack/react-query';
import { alertPreferencesOf, offersAlerts, pushPublicKeyOf, type AlertSettings } from '../utils/alert-preferences';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

/** The member's alert preferences, and the push key when the deployment offers push. */
export async function getAlertPreferences({ call, routes }: Pick<LoyaltyApi, 'call' | 'routes'>): Promise<AlertSettings> {
  const reply = await call({ method: 'GET', route: routes.alertPreferences() });
  return { preferences: alertPreferencesOf(reply), pushPublicKey: pushPublicKeyOf(reply) };
}

export const alertPreferencesQueryOptions = (api: LoyaltyApi) =>
  queryOptions({
    queryKey: loyaltyKeys.alertPreferences(api.member?.memberId ?? ''),
    queryFn: () => getAlertPreferences(api),
    // docs/loyalty.md#alerts: version 3 members on sites with a watchlist only.
    enabled: offersAlerts(api.member, api.config.includeWatchlist),
  });

/** `wanted`: false keeps the call from being made (a movie page that says nothing of alerts). */
export function useAlertPreferences({ wanted = true }: { wanted?: boolean } = {}) {
  const options = alertPreferencesQueryOptions(useLoyaltyApi());
  return useQuery({ ...options, enabled: wanted && options.enabled });
}
