import { useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import { formatShowDate } from '../utils/format-showtime';
import styles from './day-picker.module.css';

type DayPickerProps = {
  dates: readonly string[];
  selected: string | undefined;
  onSelect: (date: string) => void;
};

export function DayPicker({ dates, selected, onSelect }: DayPickerProps) {
  const t = useTranslate();
  // Before hydration a choice would go nowhere: the days wait for it.
  const hydrated = useHydrated();
  return (
    <div className={styles.picker} role="group" aria-label={t('showtimes.chooseDay')}>
      <ul className={styles.list}>
        {dates.map((date) => (
          <li key={date}>
            <button
              type="button"
              className="chip"
              aria-pressed={date === selected}
              disabled={!hydrated}
              onClick={() => onSelect(date)}
            >
              {formatShowDate(date, t.locale)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
