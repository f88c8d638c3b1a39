import { useLocation, useNavigate } from 'react-router';
import { useHydrated, usePageSearch } from '@/lib/hydration';
import { useTranslate } from '@/state/i18n';
import type { Showtime } from '@/types/api';
import {
  attributesAmong,
  chosenAttributes,
  SHOWTIME_ATTRIBUTES,
  toggledSearch,
  withAttributes,
  type ShowtimeAttribute,
} from '../utils/showtime-attributes';
import { AttributeLegend } from './attribute-badges';
import styles from './attribute-filter.module.css';

const KEEP_SCROLL = { shouldUpdateScroll: false };

/**
 * The showings that have every attribute chosen in the address, and the chips that
 * choose them (with the badges' legend): toggle buttons, each pressed or not, kept in the
 * address. A published page shows every showing until hydrated, as it was rendered.
 */
export function useAttributeFilter(showtimes: readonly Showtime[]) {
  const search = usePageSearch();
  const chosen = chosenAttributes(search);
  // What the showings offer, and what was chosen even if none has it (a shared link):
  // its chip stays, so it can be removed.
  const offered = SHOWTIME_ATTRIBUTES.filter(
    (code) => attributesAmong(showtimes).includes(code) || chosen.includes(code),
  );
  const shown = withAttributes(showtimes, chosen);
  const chips = <AttributeFilter search={search} offered={offered} chosen={chosen} />;
  return { shown, chips };
}

function AttributeFilter({
  search,
  offered,
  chosen,
}: {
  search: string;
  offered: readonly ShowtimeAttribute[];
  chosen: readonly ShowtimeAttribute[];
}) {
  const t = useTranslate();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  if (offered.length === 0) return null;
  return (
    <div className={styles.filter}>
      <ul className={styles.chips} aria-label={t('showtimes.filter')}>
        {offered.map((code) => (
          <li key={code}>
            <button
              type="button"
              className="chip"
              aria-pressed={chosen.includes(code)}
              disabled={!hydrated}
              onClick={() => void navigate(`${pathname}${toggledSearch(search, code)}`, { state: KEEP_SCROLL })}
              data-testid="filter-showtime-attribute"
            >
              {t(`showtimes.attribute.${code}`)}
            </button>
          </li>
        ))}
      </ul>
      <AttributeLegend attributes={offered} />
    </div>
  );
}
