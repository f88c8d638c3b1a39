import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  alertChoicesPayload,
  alertPreferencesOf,
  type AlertChoices,
  type AlertPreferences,
  type AlertSettings,
} from '../utils/alert-preferences';
import { useLoyaltyApi, type LoyaltyApi } from './loyalty-api';
import { loyaltyKeys } from './loyalty-keys';

/** Saves what the member is told about and how; answers the saved preferences (`chosen` from now on). */
export async function updateAlertPreferences(
  { call, routes }: Pick<LoyaltyApi, 'call' | 'routes'>,
  choices: AlertChoices,
): Promise<AlertPreferences> {
  return alertPreferencesOf(
    await call({ method: 'POST', route: routes.updateAlertPreferences(), payload: alertChoicesPayload(choices) }),
  );
}

/** The answered preferences replace the cached ones, the push key staying as it was. */
export function useSetAlertPreferences() {
  const queryClient = useQueryClient();
  const { member } = useLoyaltyApi();
  const key = loyaltyKeys.alertPreferences(member?.memberId ?? '');
  return (preferences: AlertPreferences) => {
    if (queryClient.getQueryData(key)) {
      queryClient.setQueryData(key, (settings?: AlertSettings) => settings && { ...settings, preferences });
    } else {
      void queryClient.invalidateQueries({ queryKey: key });
    }
  };
}

/** Saves the choices, without touching this device's push subscription (hooks/use-save-alert-choices.ts does). */
export function useUpdateAlertPreferences() {
  const api = useLoyaltyApi();
  const setPreferences = useSetAlertPreferences();
  return useMutation({
    mutationFn: (choices: AlertChoices) => updateAlertPreferences(api, choices),
    onSuccess: setPreferences,
  });
}
