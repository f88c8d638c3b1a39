import { dateTimeFormat } from './date-time-format';

/** The days opening hours name, in English (schema.org's, and the API's), Monday first. */
export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export type WeekDay = (typeof WEEK_DAYS)[number];

/** Whether `day` is one of [`WEEK_DAYS`]. */
export function isWeekDay(day: string): day is WeekDay {
  return (WEEK_DAYS as readonly string[]).includes(day);
}

/** A day's name in `locale`, whole ("Monday") or short ("Mon"): 1 January 2024 was a Monday. */
export function weekDayName(locale: string, day: WeekDay, width: 'long' | 'short' = 'long'): string {
  const date = Date.UTC(2024, 0, 1 + WEEK_DAYS.indexOf(day));
  return dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(date);
}
