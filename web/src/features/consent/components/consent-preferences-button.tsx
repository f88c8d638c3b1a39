import { useTranslate } from '@/state/i18n';
import { regulationForCountry } from '../utils/regulation';
import { openConsentPreferences } from '../utils/consent-events';
import styles from './consent-preferences-button.module.css';

/**
 * Re-opens the consent choices (first-party banner or Didomi preferences). Under
 * CCPA/CPRA, where trackers run until the visitor opts out, it is the "Do not sell or
 * share my personal information" link those laws ask every page to carry.
 */
export function ConsentPreferencesButton({ country }: { country: string | undefined }) {
  const t = useTranslate();
  const label = regulationForCountry(country) === 'ccpa' ? t('consent.banner.doNotSell') : t('consent.reopen');
  return (
    <button type="button" className={styles.button} onClick={openConsentPreferences}>
      {label}
    </button>
  );
}
