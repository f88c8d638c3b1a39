import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useTranslate } from '@/lib/i18n';
import type { PlayWeek } from '@/types/api';
import { playWeekMessageKey } from '../utils/play-week';
import styles from './play-week-filter.module.css';

type PlayWeekFilterProps = {
  weeks: readonly PlayWeek[];
  selected: PlayWeek | undefined;
};

/** Links rather than buttons: each filter is a shareable address. */
export function PlayWeekFilter({ weeks, selected }: PlayWeekFilterProps) {
  const t = useTranslate();
  const options: Array<{ week: PlayWeek | undefined; label: string }> = [
    { week: undefined, label: t('movies.filter.all') },
    ...weeks.map((week) => ({ week, label: t(playWeekMessageKey(week)) })),
  ];
  return (
    <nav className={styles.filter} aria-label={t('movies.filter.label')}>
      <ul className={styles.list}>
        {options.map(({ week, label }) => (
          <li key={week ?? 'all'}>
            <Link
              to={paths.movies.build({ playWeek: week })}
              className={styles.chip}
              aria-current={week === selected ? 'page' : undefined}
            >
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
