/** spec §9: the two currencies, roubles first (the default). Amounts are minor units: kopecks, cents. */
export const CURRENCIES = ['rub', 'eur'] as const;
export type TCurrency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: TCurrency = 'rub';

/** spec §9: 'eur' (any case, spaces around ignored) is euros; any other currency, or none, is roubles. */
export function normalizeCurrency(value: string | null | undefined): TCurrency {
  return value?.trim().toLowerCase() === 'eur' ? 'eur' : 'rub';
}

/** Countries that pay in euros (ISO 3166-1 alpha-2): the euro area and the countries that use the euro without it. */
const EURO_COUNTRIES = new Set([
  'AT',
  'BE',
  'BG',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
  'AD',
  'MC',
  'SM',
  'VA',
  'ME',
  'XK',
]);

/** Languages spoken first in the euro area, for a browser language without a region ('de', 'fi'). */
const EURO_LANGUAGES = new Set([
  'de',
  'fr',
  'it',
  'es',
  'nl',
  'pt',
  'fi',
  'el',
  'sk',
  'sl',
  'et',
  'lv',
  'lt',
  'mt',
  'ga',
  'hr',
  'ca',
]);

/** The currency a visitor from this country is offered first: euros in the euro area, roubles anywhere else (spec §9). */
export function currencyOfCountry(country: string | null | undefined): TCurrency {
  return country && EURO_COUNTRIES.has(country.trim().toUpperCase()) ? 'eur' : DEFAULT_CURRENCY;
}

/**
 * The currency the browser's languages suggest when nothing better is known: the first tag's region ('de-AT' is
 * Austria), else its language ('fi' is spoken in the euro area), else roubles.
 */
export function currencyOfLanguages(languages: readonly string[]): TCurrency {
  const [first] = languages;
  if (!first) return DEFAULT_CURRENCY;
  const [language = '', ...rest] = first.split('-');
  const region = rest.find((part) => /^[A-Za-z]{2}$/.test(part));
  if (region) return currencyOfCountry(region);
  return EURO_LANGUAGES.has(language.toLowerCase()) ? 'eur' : DEFAULT_CURRENCY;
}
