import { normalizeCurrency } from './currency.ts';
import { DEFAULT_LOCALE, memoized } from './locale.ts';

/** Minor units per major unit: kopecks per rouble, cents per euro. */
export const MINOR_UNITS_PER_MAJOR = 100;

// 'always': some locales group only from five digits on by default; spec §9 groups every thousand.
const moneyFormat = memoized((key) => {
  const [locale = DEFAULT_LOCALE, code = 'RUB'] = key.split('|');
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: code,
    // '₽' and '€' in every language (spec §9), not 'RUB' where a language has no symbol of its own.
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 0,
    maximumFractionDigits: 0,
    useGrouping: 'always',
  });
});

const numberFormat = memoized(
  (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: 'always' }),
);

/**
 * spec §9: an amount in minor units with no decimals, thousands grouped: 1250000 rub → '12 500 ₽',
 * 9500 eur → '95 €' in ru-RU. Groups and the symbol are joined by no-break spaces, so an amount
 * never wraps. Any currency other than eur (or none) is roubles.
 */
export function formatMoney(minor: number, currency?: string | null, locale: string = DEFAULT_LOCALE): string {
  const code = normalizeCurrency(currency).toUpperCase();
  return moneyFormat(`${locale}|${code}`).format(minor / MINOR_UNITS_PER_MAJOR);
}

/** A whole number grouped like money: 12500 → '12 500' in ru-RU. */
export function formatNumber(value: number, locale: string = DEFAULT_LOCALE): string {
  return numberFormat(locale).format(value);
}
