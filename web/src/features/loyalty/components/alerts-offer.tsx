// The offer of alerts beside the watchlist button, once a film is added while the member
// has never chosen (hooks/use-alerts-offer.ts): a panel in the page, not a dialog. "Turn on
// alerts" saves both alerts by e-mail; push is a second button of its own, whose click
// asks for the notification permission. Loaded only when it is shown.

import { useState } from 'react';
import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { askNotificationPermission, supportsPush } from '@/lib/web-push';
import { useTranslate } from '@/state/i18n';
import { useAlertPreferences } from '../api/get-alert-preferences';
import { useUpdateAlertPreferences } from '../api/update-alert-preferences';
import { useErrorText } from '../hooks/use-error-text';
import { useSaveAlertChoices } from '../hooks/use-save-alert-choices';
import { alertsTurnedOn } from '../utils/alert-preferences';
import styles from './alerts-offer.module.css';

type Message = { ok: boolean; text: string };

export function AlertsOffer({ onPutOff, onClose }: { onPutOff: () => void; onClose: () => void }) {
  const t = useTranslate();
  const errorText = useErrorText();
  const settings = useAlertPreferences();
  const turnOn = useUpdateAlertPreferences();
  const savePush = useSaveAlertChoices();
  const [message, setMessage] = useState<Message>();
  const preferences = settings.data?.preferences;
  const pushPublicKey = settings.data?.pushPublicKey ?? null;
  const pushOffered = Boolean(pushPublicKey) && supportsPush() && !preferences?.push;

  const turnOnAlerts = () => {
    if (!preferences || turnOn.isPending) return;
    setMessage(undefined);
    turnOn.mutate(alertsTurnedOn(preferences), {
      onSuccess: () => setMessage({ ok: true, text: t('loyalty.alertsOffer.on') }),
      onError: (failure) => setMessage({ ok: false, text: errorText(failure) }),
    });
  };

  const turnOnPush = () => {
    if (!preferences || savePush.isPending) return;
    // Asked first, in the click's own turn: browsers show the prompt only for a user gesture.
    const permission = askNotificationPermission();
    setMessage(undefined);
    const { onSale, lastChance, email } = preferences;
    savePush.mutate(
      { choices: { onSale, lastChance, email }, pushBefore: preferences.push, devicePush: 'on', pushPublicKey, permission },
      {
        onSuccess: ({ pushProblem }) =>
          setMessage(
            pushProblem
              ? { ok: false, text: t(pushProblem === 'refused' ? 'loyalty.alerts.pushRefused' : 'loyalty.alerts.pushFailed') }
              : { ok: true, text: t('loyalty.alertsOffer.pushOn') },
          ),
        onError: (failure) => setMessage({ ok: false, text: errorText(failure) }),
      },
    );
  };

  return (
    <section className={styles.offer} aria-labelledby="alerts-offer-question" data-testid="alerts-offer">
      <p id="alerts-offer-question" className={styles.question}>
        {t('loyalty.alertsOffer.question')}
      </p>
      <p>{t('loyalty.alertsOffer.about')}</p>
      {turnOn.isSuccess ? (
        <div className={styles.actions}>
          {pushOffered ? (
            <button type="button" className="button" aria-disabled={savePush.isPending || undefined} onClick={turnOnPush}>
              {t('loyalty.alertsOffer.push')}
            </button>
          ) : null}
          <Link to={paths.accountScreen.build('alerts')}>{t('loyalty.alertsOffer.settings')}</Link>
          <button type="button" className="button button-secondary" onClick={onClose}>
            {t('loyalty.alertsOffer.close')}
          </button>
        </div>
      ) : (
        <div className={styles.actions}>
          <button type="button" className="button" aria-disabled={turnOn.isPending || undefined} onClick={turnOnAlerts}>
            {t('loyalty.alertsOffer.turnOn')}
          </button>
          <button type="button" className="button button-secondary" onClick={onPutOff}>
            {t('loyalty.alertsOffer.notNow')}
          </button>
        </div>
      )}
      {message && !message.ok ? <p role="alert">{message.text}</p> : null}
      <p role="status" className={message?.ok ? undefined : 'visually-hidden'}>
        {message?.ok ? message.text : ''}
      </p>
    </section>
  );
}
