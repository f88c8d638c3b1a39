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
