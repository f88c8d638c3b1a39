import { useTranslate } from '@/lib/i18n';
import { openConsentPreferences } from '../utils/consent-events';
import styles from './consent-preferences-button.module.css';

/** Re-opens the consent choices (first-party banner or Didomi preferences). */
export function ConsentPreferencesButton() {
  const t = useTranslate();
  return (
    <button type="button" className={styles.button} onClick={openConsentPreferences}>
      {t('consent.reopen')}
    </button>
  );
}
