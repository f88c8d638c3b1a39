import { useId, type ReactNode } from 'react';
import { useTranslate } from '@/state/i18n';
import { regulationForCountry } from '@/features/consent/utils/regulation';
import { siteConsentManager } from '@/features/consent/utils/site-consent-manager';
import { NO_CONSENT_YET, useTrackingConsent } from '@/state/page-store';
import type { Site } from '@/types/api';
import { reservesHeaderAdBand } from '@/features/ads/utils/ads-display';
import styles from '@/features/ads/components/ads.module.css';

// Ads and consent composed: the ads' rule for the band, the consent's regulation, manager
// and decision. In the third-party layer's chunk.

/**
 * The band the header's ad slots go in, its height held from the page's first render
 * when ads may load before any choice (features/ads/utils/ads-display.ts
 * reservesHeaderAdBand): an ad, or none, arriving after hydration then moves nothing; its
 * caption says what the space is for. It goes once the visitor has refused trackers.
 */
export function HeaderAdBand({ site, children }: { site: Site | undefined; children: ReactNode }) {
  const t = useTranslate();
  const captionId = useId();
  const consent = useTrackingConsent();
  const reserved = reservesHeaderAdBand(
    site?.settings,
    regulationForCountry(site?.config?.country?.iso31661A2),
    siteConsentManager(site?.settings).kind,
  );
  const refused = consent !== NO_CONSENT_YET && !consent.trackersEnabled;
  if (!reserved || refused) return children;
  // A landmark of its own, named by its caption: the page's content stays in its own.
  return (
    <aside className={styles.band} aria-labelledby={captionId} data-testid="header-ad-band">
      <p id={captionId} className={styles.bandLabel}>
        {t('ads.label')}
      </p>
      {children}
    </aside>
  );
}
