import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/hydration';
import type { ConsentEvaluation } from '@/types/api';
import { useTranslate } from '@/state/i18n';
import { evaluateConsent } from '../api/evaluate-consent';
import { recordConsentReceipt } from '../api/record-consent-receipt';
import {
  choiceFromAction,
  CONSENT_STORAGE_KEY,
  evaluationBeforeChoice,
  evaluationForChoice,
  globalPrivacyControl,
  parseStoredChoice,
  receiptForChoice,
  type BannerAction,
  type ConsentChoice,
} from '../utils/consent-choice';
import type { BannerRegulation } from '../utils/regulation';
import { OPEN_CONSENT_EVENT } from '../utils/consent-events';
import type { TrackingConsent } from '@/state/page-store';
import { trackingConsentFrom } from '../utils/tracking-consent';
import styles from './consent-banner.module.css';

type ConsentBannerProps = {
  regulation: BannerRegulation;
  privacyPolicySlug: string | undefined;
  /** An enterprise-analytics launch script is configured (app data). */
  launchScriptConfigured: boolean;
  onConsent: (consent: TrackingConsent) => void;
};

function readStoredChoice(): ConsentChoice | undefined {
  try {
    return parseStoredChoice(window.localStorage.getItem(CONSENT_STORAGE_KEY));
  } catch {
    return undefined;
  }
}

function storeChoice(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(choice));
  } catch {
    // Private browsing may refuse storage: the choice then holds for this page only.
  }
}

/**
 * The first-party consent banner: accept and reject side by side with equal weight
 * under GDPR, "Do not sell or share" under CCPA/CPRA. The choice is remembered,
 * sent as a receipt, and the banner re-opens from the footer.
 */
export function ConsentBanner({ regulation, privacyPolicySlug, launchScriptConfigured, onConsent }: ConsentBannerProps) {
  const t = useTranslate();
  // Open from the first render when no choice is stored: on a first visit the banner is
  // part of the first screen, and painting it a frame later would make it the late
  // largest paint. The server, which knows no choice, renders it open, shown before the
  // first paint only when index.html's script finds no choice stored; once hydrated the
  // stored choice decides.
  const hydrated = useHydrated();
  const [openState, setOpen] = useState<boolean | undefined>();
  const open = openState ?? (!hydrated || readStoredChoice() === undefined);
  const [reopened, setReopened] = useState(false);
  const bannerRef = useRef<HTMLElement>(null);

  const report = useCallback(
    (evaluation: ConsentEvaluation) => {
      evaluateConsent(evaluation)
        .then((decision) => onConsent(trackingConsentFrom(decision)))
        .catch((error: unknown) => console.warn('consent evaluation failed', error));
    },
    [onConsent],
  );
  const apply = useCallback(
    (choice: ConsentChoice) => report(evaluationForChoice(choice, launchScriptConfigured, globalPrivacyControl())),
    [report, launchScriptConfigured],
  );

  useEffect(() => {
    const stored = readStoredChoice();
    if (stored) {
      apply(stored);
      return;
    }
    // The banner is ready now: under CCPA-style regimes that grants consent until the
    // visitor opts out; under GDPR only a launch script may enable trackers before a choice.
    const ready = evaluationBeforeChoice(regulation, launchScriptConfigured, globalPrivacyControl());
    if (ready) report(ready);
  }, [apply, report, regulation, launchScriptConfigured]);

  useEffect(() => {
    const reopen = () => {
      setReopened(true);
      setOpen(true);
    };
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);

  useEffect(() => {
    if (open && reopened) bannerRef.current?.focus();
  }, [open, reopened]);

  const choose = (action: BannerAction) => {
    const choice = choiceFromAction(action, regulation);
    storeChoice(choice);
    setOpen(false);
    apply(choice);
    recordConsentReceipt(receiptForChoice(choice)).catch((error: unknown) =>
      console.warn('consent receipt not stored', error),
    );
  };

  if (!open) return null;
  const gdpr = regulation === 'gdpr';
  const actions: BannerAction[] = gdpr ? ['rejectAll', 'acceptAll'] : ['acknowledge', 'doNotSell'];
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- the section is a dialog (role="dialog"), which Escape closes, as the APG dialog pattern has it
    <section
      ref={bannerRef}
      className={hydrated ? styles.banner : `${styles.banner} ${styles.unhydrated}`}
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-banner-title"
      aria-describedby="consent-banner-text"
      tabIndex={-1}
      data-testid="consent-banner"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && readStoredChoice()) setOpen(false);
      }}
    >
      <div className={`container ${styles.inner}`}>
        <div className={styles.text}>
          {/* The dialog's name, not a heading: the banner comes before the page's h1, and
              the page's headings start there. */}
          <p id="consent-banner-title" className={styles.title}>
            {t('consent.banner.title')}
          </p>
          <p id="consent-banner-text">
            {t(gdpr ? 'consent.banner.textGdpr' : 'consent.banner.textCcpa')}{' '}
            {privacyPolicySlug ? (
              <Link to={paths.contentPage.build(privacyPolicySlug)} className={styles.policy}>
                {t('consent.banner.privacyPolicy')}
              </Link>
            ) : null}
          </p>
        </div>
        <div className={styles.actions}>
          {/* Before hydration a choice would go nowhere: the buttons wait for it. */}
          {actions.map((action) => (
            <button
              key={action}
              type="button"
              className={styles.action}
              disabled={!hydrated}
              onClick={() => choose(action)}
            >
              {t(`consent.banner.${action}`)}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
