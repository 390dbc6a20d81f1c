/** spec §9: the two currencies, roubles first (the default). Amounts are minor units: kopecks, cents. */
export const CURRENCIES = ['rub', 'eur'] as const;
export type TCurrency = (typeof CURRENCIES)[number];

export const DEFAULT_CURRENCY: TCurrency = 'rub';

/** spec §9: 'eur' (any case, spaces around ignored) is euros; any other currency, or none, is roubles. */
export function normalizeCurrency(value: string | null | undefined): TCurrency {
  return value?.trim().toLowerCase() === 'eur' ? 'eur' : 'rub';
}
