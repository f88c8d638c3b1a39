// Build-time settings (Vite `VITE_*` variables).

/**
 * Origins of the site builder allowed to customise the page live
 * (docs/pages-and-links.md#live-customisation), comma-separated, in addition to the site's
 * own allowed embedding domains.
 */
export const builderOrigins: readonly string[] = (import.meta.env.VITE_BUILDER_ORIGINS ?? '')
  .split(',')
  .map((origin: string) => origin.trim())
  .filter(Boolean);
