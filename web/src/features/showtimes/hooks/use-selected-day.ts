import { useLocation } from 'react-router';
import { pickDate } from '../utils/showtime-days';

/**
 * The day shown out of `dates`: the one the address names (?date=YYYY-MM-DD), else the
 * first. Each day's page is published at its own address, rendered there by the server
 * with that query: the day is read from the address while hydrating too.
 */
export function useSelectedDay(dates: readonly string[]): string | undefined {
  const { search } = useLocation();
  return pickDate(dates, new URLSearchParams(search).get('date'));
}
