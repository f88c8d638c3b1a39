import { useSearchParams } from 'react-router';
import { usePageSearch } from '@/lib/hydration';
import { pickDate } from '../utils/showtime-days';

/**
 * The day shown out of `dates`: the one in the address (?date=YYYY-MM-DD, so it can be
 * shared), else the first; a published page shows the first until hydrated. Choosing a
 * day replaces the address entry.
 */
export function useSelectedDay(dates: readonly string[]): [string | undefined, (date: string) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const date = pickDate(dates, new URLSearchParams(usePageSearch()).get('date'));
  const select = (next: string) => {
    const query = new URLSearchParams(searchParams);
    query.set('date', next);
    setSearchParams(query, { replace: true, state: { shouldUpdateScroll: false } });
  };
  return [date, select];
}
