import { useLocation } from 'react-router';
import { Link } from '@/components/link';
import { usePageSearch } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import { formatShowDate } from '../utils/format-showtime';
import { daySearch } from '../utils/showtime-days';
import styles from './day-picker.module.css';

// A day changes the list under the picker: the page stays where it is.
const KEEP_SCROLL = { shouldUpdateScroll: false };

type DayPickerProps = {
  dates: readonly string[];
  selected: string | undefined;
};

/**
 * The days as links to each day's page, which the gateway publishes: followed without
 * JavaScript, or in the app, replacing the address's entry. The address's other
 * parameters (filters) are kept once hydrated, as the server rendered none.
 */
export function DayPicker({ dates, selected }: DayPickerProps) {
  const t = useTranslate();
  const { pathname } = useLocation();
  const search = usePageSearch();
  return (
    <nav className={styles.picker} aria-label={t('showtimes.chooseDay')}>
      <ul className={styles.list}>
        {dates.map((date) => (
          <li key={date}>
            <Link
              to={`${pathname}${daySearch(search, dates, date)}`}
              state={KEEP_SCROLL}
              replace
              className="chip"
              current={date === selected && 'date'}
            >
              {formatShowDate(date, t.locale)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
