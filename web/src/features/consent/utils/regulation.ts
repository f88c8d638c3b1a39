// Which privacy regulation a site falls under, by its country
// (docs/consent-and-ads.md#consent-state). A module of its own: the page frame reads it on
// every page, before the consent banner's code has loaded.

export type BannerRegulation = 'gdpr' | 'ccpa' | 'none';

// The European Economic Area, the United Kingdom and Switzerland.
const GDPR_COUNTRIES = new Set(
  'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE IS LI NO GB CH'.split(
    ' ',
  ),
);

/** The regulation of the site's country (ISO 3166-1 alpha-2). */
export function regulationForCountry(iso31661A2: string | undefined): BannerRegulation {
  const country = (iso31661A2 ?? '').toUpperCase();
  if (GDPR_COUNTRIES.has(country)) return 'gdpr';
  if (country === 'US') return 'ccpa';
  return 'none';
}
