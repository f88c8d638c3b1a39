import { useColourMode } from '@/state/colour-mode';
import { useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import styles from './colour-mode-toggle.module.css';

export function ColourModeToggle() {
  const t = useTranslate();
  const { mode, toggle } = useColourMode();
  // Before hydration a click would go nowhere: the button waits for it.
  const hydrated = useHydrated();
  const label = mode === 'light' ? t('colourMode.switchToDark') : t('colourMode.switchToLight');
  return (
    <button
      type="button"
      className={styles.toggle}
      onClick={toggle}
      disabled={!hydrated}
      aria-label={label}
      title={label}
      aria-pressed={mode === 'dark'}
      data-testid="colour-mode-toggle"
    >
      {mode === 'light' ? (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
        </svg>
      ) : (
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="4.5" />
          <path d="M12 1.5v3M12 19.5v3M1.5 12h3M19.5 12h3M4.6 4.6l2.1 2.1M17.3 17.3l2.1 2.1M4.6 19.4l2.1-2.1M17.3 6.7l2.1-2.1" />
        </svg>
      )}
    </button>
  );
}
