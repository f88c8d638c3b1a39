import { useId } from 'react';
import { useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import styles from './theater-finder.module.css';

export type TheaterFinderProps = {
  typed: string;
  onType: (text: string) => void;
  onLocate: () => void;
  asking: boolean;
  status: string;
  problem: boolean;
};

/** The field matching name, city or ZIP code, "Use my location", and what they found. */
export function TheaterFinder({ typed, onType, onLocate, asking, status, problem }: TheaterFinderProps) {
  const t = useTranslate();
  const id = useId();
  // Before hydration typing or a press would go nowhere: the controls wait for it.
  const hydrated = useHydrated();
  return (
    <div className={styles.finder} data-testid="theater-finder">
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {t('theaters.find.field')}
        </label>
        <input
          id={id}
          type="search"
          className="text-input"
          value={typed}
          disabled={!hydrated}
          autoComplete="off"
          onChange={(event) => onType(event.target.value)}
        />
      </div>
      <button
        type="button"
        className={`button button-secondary ${styles.locate}`}
        disabled={!hydrated}
        aria-disabled={asking || undefined}
        onClick={onLocate}
      >
        <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
          <path d="M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm9 3h-2.07A7 7 0 0 0 13 5.07V3h-2v2.07A7 7 0 0 0 5.07 11H3v2h2.07A7 7 0 0 0 11 18.93V21h2v-2.07A7 7 0 0 0 18.93 13H21v-2Zm-9 6a5 5 0 1 1 0-10 5 5 0 0 1 0 10Z" />
        </svg>
        {t('theaters.find.useLocation')}
      </button>
      <p aria-live="polite" className={problem ? `${styles.status} ${styles.problem}` : styles.status} data-testid="finder-status">
        {status}
      </p>
    </div>
  );
}
