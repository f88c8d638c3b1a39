import { formatClockTime } from '@/rules/date-time-format';
import { isWeekDay, WEEK_DAYS, weekDayName } from '@/rules/week-days';

/** A day's name in `locale`; a day the API does not name, as named. */
function dayName(day: string, locale: string): string {
  return isWeekDay(day) ? weekDayName(locale, day) : day;
}

const DAYS: readonly string[] = WEEK_DAYS;

/**
 * The days of a line of opening hours as a visitor reads them, runs of following days
 * joined: "Monday – Thursday, Saturday" in en-US.
 */
export function openingDays(days: readonly string[], locale: string): string {
  const sorted = [...new Set(days)].sort((a, b) => DAYS.indexOf(a) - DAYS.indexOf(b));
  const runs: string[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && DAYS.indexOf(day) === DAYS.indexOf(run.at(-1) ?? '') + 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .map((run) => {
      const [first, last] = [run[0] ?? '', run.at(-1) ?? ''];
      if (run.length < 3) return run.map((day) => dayName(day, locale)).join(', ');
      return `${dayName(first, locale)} – ${dayName(last, locale)}`;
    })
    .join(', ');
}

/** "10:00 AM – 1:30 AM" for 10:00 to 01:30 in en-US. */
export function openingTimes(opens: string, closes: string, locale: string): string {
  return `${formatClockTime(opens, locale)} – ${formatClockTime(closes, locale)}`;
}
