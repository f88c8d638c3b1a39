// Building an Intl.DateTimeFormat costs far more than using one (the locale's data is
// resolved each time): a movie page formats every showtime, the home page every event.
// Formatters are kept per locale and options for the life of the page.

const formats = new Map<string, Intl.DateTimeFormat>();

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * The year it is at the site (its `timeZone`, else UTC): the same on the server that
 * publishes a page and in the browser that hydrates it, wherever each is.
 */
export function siteYear(timeZone: string | undefined, now = new Date()): number {
  try {
    return Number(dateTimeFormat('en-US', { year: 'numeric', timeZone: timeZone || 'UTC' }).format(now));
  } catch {
    // An unknown time zone: the year in UTC.
    return now.getUTCFullYear();
  }
}

/**
 * '7:30 PM' for '19:30' in en-US, '19:30' in fr-FR: a wall-clock time at a theater,
 * formatted in UTC so the visitor's own time zone does not shift it.
 */
export function formatClockTime(time: string, locale: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  if (hours === undefined || minutes === undefined || Number.isNaN(hours) || Number.isNaN(minutes)) {
    return time;
  }
  return dateTimeFormat(locale, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(2000, 0, 1, hours, minutes)));
}
