import { Link } from '@/components/link';
import { paths } from '@/config/paths';
import { useHydrated } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import { useNavigate } from 'react-router';
import type { PlayWeek, Theater } from '@/types/api';
import { MOVIE_ATTRIBUTES, readMovieListFilters, type MovieListFilters as Filters } from '../utils/movie-filters';
import { playWeekMessageKey } from '../utils/play-week';
import styles from './movie-list-filters.module.css';

type MovieListFiltersProps = {
  filters: Filters;
  weeks: readonly PlayWeek[];
  /** Empty on a single-location site: no theater choice then. */
  theaters: readonly Theater[];
  dates: readonly string[];
  formatDate: (date: string) => string;
};

// A filter change keeps the scroll position: the list changes under the controls.
const KEEP_SCROLL = { shouldUpdateScroll: false };

/** Play weeks and versions as links (each a shareable address), theater and day as menus. */
export function MovieListFilters({ filters, weeks, theaters, dates, formatDate }: MovieListFiltersProps) {
  // A choice made before the page is hydrated would be lost: the menus wait for it.
  const hydrated = useHydrated();
  const t = useTranslate();
  const navigate = useNavigate();
  // A choice adds to the filters of the address as it is now: the list on screen may be
  // a render behind it while a navigation is under way.
  const go = (change: Partial<Filters>) =>
    void navigate(paths.movies.build({ ...readMovieListFilters(window.location.search), ...change }), {
      state: KEEP_SCROLL,
    });
  const weekOptions: Array<{ week: PlayWeek | undefined; label: string }> = [
    { week: undefined, label: t('movies.filter.all') },
    ...weeks.map((week) => ({ week, label: t(playWeekMessageKey(week)) })),
  ];
  return (
    <div className={styles.filters} data-testid="movie-filters">
      <nav className={styles.scroller} aria-label={t('movies.filter.label')}>
        <ul className={styles.list}>
          {weekOptions.map(({ week, label }) => (
            <li key={week ?? 'all'}>
              <Link
                to={paths.movies.build({ ...filters, playWeek: week })}
                state={KEEP_SCROLL}
                className="chip"
                current={week === filters.playWeek}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.row}>
        {theaters.length > 0 ? (
          <label className={styles.field}>
            <span className={styles.fieldLabel}>{t('movies.filter.theater')}</span>
            <select
              className={styles.select}
              value={filters.theaterId ?? ''}
              onChange={(event) => go({ theaterId: event.target.value || undefined, date: undefined })}
              disabled={!hydrated}
              data-testid="filter-theater"
            >
              <option value="">{t('movies.filter.allTheaters')}</option>
              {theaters.map((theater) => (
                <option key={theater.id} value={theater.id}>
                  {theater.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className={styles.field}>
          <span className={styles.fieldLabel}>{t('movies.filter.day')}</span>
          <select
            className={styles.select}
            value={filters.date ?? ''}
            onChange={(event) => go({ date: event.target.value || undefined })}
            disabled={!hydrated}
            data-testid="filter-day"
          >
            <option value="">{t('movies.filter.anyDay')}</option>
            {dates.map((date) => (
              <option key={date} value={date}>
                {formatDate(date)}
              </option>
            ))}
          </select>
        </label>
        <ul className={styles.list} aria-label={t('movies.filter.version')}>
          {MOVIE_ATTRIBUTES.map((attribute) => {
            const selected = filters.attribute === attribute;
            return (
              <li key={attribute}>
                <Link
                  to={paths.movies.build({ ...filters, attribute: selected ? undefined : attribute })}
                  state={KEEP_SCROLL}
                  className="chip"
                  current={selected}
                  data-testid="filter-attribute"
                >
                  {t(`movies.attribute.${attribute}`)}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </div>
  );
}
