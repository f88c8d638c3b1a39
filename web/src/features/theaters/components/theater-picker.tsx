import { useId } from 'react';
import { useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import { storedTheaterId } from '@/state/selected-theater';
import type { Theater } from '@/types/api';
import styles from './theater-picker.module.css';

type TheaterPickerProps = {
  theaters: readonly Theater[];
  selectedTheaterId: string | undefined;
  onSelect: (theaterId: string) => void;
};

/** The visitor's theater, on multi-location sites; a native select works on every phone. */
export function TheaterPicker({ theaters, selectedTheaterId, onSelect }: TheaterPickerProps) {
  const t = useTranslate();
  const id = useId();
  // A choice made before the page is hydrated would be lost: the menu waits for it.
  const hydrated = useHydrated();
  // Once hydrated the page applies the stored choice as a transition, which may wait for
  // the theater's parts: the menu, a control, shows it at once.
  const shown = selectedTheaterId ?? (hydrated ? storedTheaterId() : undefined);
  const known = theaters.some((theater) => theater.id === shown);
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className="visually-hidden">
        {t('theaterPicker.label')}
      </label>
      <svg className={styles.pin} viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
      </svg>
      <select
        id={id}
        className={styles.select}
        data-testid="theater-picker"
        disabled={!hydrated}
        value={known ? shown : ''}
        onChange={(event) => {
          if (event.target.value) onSelect(event.target.value);
        }}
      >
        <option value="" disabled>
          {t('theaterPicker.placeholder')}
        </option>
        {theaters.map((theater) => (
          <option key={theater.id} value={theater.id}>
            {theater.name}
          </option>
        ))}
      </select>
    </div>
  );
}
