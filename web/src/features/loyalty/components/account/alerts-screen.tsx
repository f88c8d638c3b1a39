// On-sale and last-chance alerts (docs/loyalty.md#alerts): what the member is told about
// the films of their watchlist, and how. Push is offered when the deployment has a push key
// and the browser has Web Push; the notification permission is asked only by the save
// that turns it on, from the member's click.

import { useState } from 'react';
import { Link } from '@/components/link';
import { Spinner } from '@/components/spinner';
import { paths } from '@/config/paths';
import { askNotificationPermission, supportsPush } from '@/lib/web-push';
import { useTranslate } from '@/state/i18n';
import { useAlertPreferences } from '../../api/get-alert-preferences';
import { useDevicePush } from '../../hooks/use-device-push';
import { useErrorText } from '../../hooks/use-error-text';
import { useGuardedSubmit } from '../../hooks/use-guarded-submit';
import { useLoyaltySession } from '../../hooks/loyalty-session';
import { useSaveAlertChoices } from '../../hooks/use-save-alert-choices';
import { offersAlerts, type AlertSettings } from '../../utils/alert-preferences';
import formStyles from '../member-form.module.css';
import styles from './account.module.css';

type Message = { ok: boolean; text: string };

function AlertsForm({
  settings: { preferences, pushPublicKey },
  pushOffered,
  deviceSubscribed,
  onDeviceSubscribed,
}: {
  settings: AlertSettings;
  pushOffered: boolean;
  deviceSubscribed: boolean;
  onDeviceSubscribed: (subscribed: boolean) => void;
}) {
  const t = useTranslate();
  const errorText = useErrorText();
  const save = useSaveAlertChoices();
  // Push "on this device": saved on, and this device subscribed.
  const pushHere = pushOffered && preferences.push && deviceSubscribed;
  const [onSale, setOnSale] = useState(preferences.onSale);
  const [lastChance, setLastChance] = useState(preferences.lastChance);
  const [email, setEmail] = useState(preferences.email);
  const [push, setPush] = useState(pushHere);
  const [message, setMessage] = useState<Message>();

  const { pending, onSubmit } = useGuardedSubmit(async () => {
    const devicePush = push === pushHere ? undefined : push ? 'on' : 'off';
    // Asked first, in the click's own turn: browsers show the prompt only for a user gesture.
    const permission = devicePush === 'on' ? askNotificationPermission() : undefined;
    setMessage(undefined);
    try {
      const saved = await save.mutateAsync({
        choices: { onSale, lastChance, email },
        pushBefore: preferences.push,
        devicePush,
        pushPublicKey,
        permission,
      });
      if (devicePush) onDeviceSubscribed(devicePush === 'on' && !saved.pushProblem);
      if (saved.pushProblem) {
        setPush(false);
        setMessage({ ok: false, text: t(saved.pushProblem === 'refused' ? 'loyalty.alerts.pushRefused' : 'loyalty.alerts.pushFailed') });
      } else {
        setMessage({ ok: true, text: t('loyalty.alerts.saved') });
      }
    } catch (failure) {
      setMessage({ ok: false, text: errorText(failure) });
    }
  });

  return (
    <form className={formStyles.form} onSubmit={onSubmit} noValidate>
      <fieldset className={formStyles.field}>
        <legend>{t('loyalty.alerts.what')}</legend>
        <label className={formStyles.check}>
          <input type="checkbox" checked={onSale} onChange={(event) => setOnSale(event.target.checked)} />
          {t('loyalty.alerts.onSale')}
        </label>
        <label className={formStyles.check}>
          <input type="checkbox" checked={lastChance} onChange={(event) => setLastChance(event.target.checked)} />
          {t('loyalty.alerts.lastChance')}
        </label>
      </fieldset>
      <fieldset className={formStyles.field}>
        <legend>{t('loyalty.alerts.how')}</legend>
        <label className={formStyles.check}>
          <input type="checkbox" checked={email} onChange={(event) => setEmail(event.target.checked)} />
          {t('loyalty.alerts.email')}
        </label>
        {pushOffered ? (
          <label className={formStyles.check}>
            <input type="checkbox" checked={push} onChange={(event) => setPush(event.target.checked)} />
            {t('loyalty.alerts.push')}
          </label>
        ) : null}
      </fieldset>
      {message && !message.ok ? (
        <p role="alert" className={styles.notice}>
          {message.text}
        </p>
      ) : null}
      {/* Always there, so screen readers hear what is put into it. */}
      <p role="status" className={message?.ok ? styles.notice : 'visually-hidden'}>
        {message?.ok ? message.text : ''}
      </p>
      <button type="submit" className="button" aria-disabled={pending || undefined}>
        {t('loyalty.alerts.save')}
      </button>
    </form>
  );
}

export function AlertsScreen() {
  const t = useTranslate();
  const { member, config } = useLoyaltySession();
  const settings = useAlertPreferences();
  // Read in the browser only: the member area is never rendered on the server.
  const pushOffered = Boolean(settings.data?.pushPublicKey) && supportsPush();
  const device = useDevicePush(pushOffered);
  if (!offersAlerts(member, config.includeWatchlist)) return <p className={styles.muted}>{t('loyalty.alerts.unavailable')}</p>;
  if (settings.isError) return <p role="alert">{t('loyalty.alerts.loadFailed')}</p>;
  if (settings.isPending || device.subscribed === undefined) return <Spinner label={t('status.loading')} />;
  return (
    <section className={styles.panel} aria-labelledby="alerts-title">
      <h2 id="alerts-title">{t('loyalty.alerts.title')}</h2>
      <p className={styles.muted}>
        {t('loyalty.alerts.about')} <Link to={paths.accountScreen.build('theaters')}>{t('loyalty.alerts.theatersLink')}</Link>
      </p>
      <AlertsForm
        settings={settings.data}
        pushOffered={pushOffered}
        deviceSubscribed={device.subscribed}
        onDeviceSubscribed={device.setSubscribed}
      />
    </section>
  );
}
