import { describe, expect, it } from 'vitest';
import { CURRENCIES, DEFAULT_CURRENCY, normalizeCurrency } from './currency.ts';

describe('currencies', () => {
  it('knows roubles and euros, roubles by default', () => {
    expect(CURRENCIES).toEqual(['rub', 'eur']);
    expect(DEFAULT_CURRENCY).toBe('rub');
  });

  it('reads eur in any case as euros and everything else as roubles', () => {
    expect(normalizeCurrency('EUR')).toBe('eur');
    expect(normalizeCurrency('eur')).toBe('eur');
    expect(normalizeCurrency(' Eur ')).toBe('eur');
    expect(normalizeCurrency('RUB')).toBe('rub');
    expect(normalizeCurrency('rub')).toBe('rub');
    expect(normalizeCurrency('usd')).toBe('rub');
    expect(normalizeCurrency('')).toBe('rub');
    expect(normalizeCurrency(null)).toBe('rub');
    expect(normalizeCurrency(undefined)).toBe('rub');
  });
});
